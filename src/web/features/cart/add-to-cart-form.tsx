import { type FieldMetadata, getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { type ReactNode, useMemo } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { addToCartFormSchema, MAX_LINE_QUANTITY } from '../../../contracts/cart';
import { type PersonalizationForm, personalizationEntriesSchema } from '../../../contracts/personalization';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { useHydrated } from '../../use-hydrated';
import type { CartActionAnswer } from './cart-answer';
import { useAddedToCart } from './use-added-to-cart';
import { inputProps } from '../../ui/input-props';

/** The add form's fields: the personalisation part only on a personalisable product's page. */
interface AddFormValue {
  productId: number;
  quantity: number;
  personalization?: Record<string, string | Blob | undefined>;
}

/**
 * The product page's "Adaugă în coș": the cart action's add intent, validated in the browser with the cart
 * action's schema. Without JavaScript it posts to /pages/cart, which redirects back to this page; with it, a
 * fetcher posts, the header counter and the "added" panel update from the answer. `personalization` adds the product's personalisation fields (a multipart form, so a picture
 * can travel without JavaScript). Product cards use the schema-free AddToCartButton.
 */
export function AddToCartForm({
  productId,
  inStock,
  maxQuantity = MAX_LINE_QUANTITY,
  personalization,
}: {
  productId: number;
  inStock: boolean;
  maxQuantity?: number;
  personalization?: {
    form: PersonalizationForm;
    required: boolean;
    /** Draws the fields (the product page's), so listing pages never load the personalisation code. */
    renderFields: (fields: Record<string, FieldMetadata<string | Blob | undefined>>) => ReactNode;
  };
}) {
  const t = useT();
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<CartActionAnswer>({ key: `add-to-cart-${productId}-page` });
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  // One schema for the browser and the cart action: the quantity, and the product's own personalisation rules.
  const schema = useMemo(
    () =>
      personalization
        ? addToCartFormSchema.extend({
            personalization: personalizationEntriesSchema(personalization.form, personalization.required),
          })
        : addToCartFormSchema,
    [personalization],
  );
  const [form, fields] = useForm<AddFormValue>({
    id: `add-to-cart-${productId}-page`,
    lastResult: refused?.result ?? null,
    defaultValue: { quantity: '1' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useAddedToCart(fetcher);
  if (!inStock) return null;
  const busy = fetcher.state !== 'idle';
  const max = Math.max(1, Math.min(MAX_LINE_QUANTITY, maxQuantity));
  return (
    <fetcher.Form
      method="post"
      action="/pages/cart"
      encType={personalization ? 'multipart/form-data' : undefined}
      {...getFormProps(form)}
      className="flex flex-wrap items-start gap-3"
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {!hydrated && <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
      {personalization?.renderFields(fields.personalization.getFieldset())}
      <div>
        <label htmlFor={fields.quantity.id} className="sr-only">
          {t('cart.quantity')}
        </label>
        <input
          {...inputProps(fields.quantity, { type: 'number' })}
          min={1}
          max={max}
          className="w-20 rounded border border-line bg-white px-2 py-2 aria-[invalid=true]:border-brand"
        />
      </div>
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className="rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
      >
        {busy ? t('cart.adding') : t('cart.add')}
      </button>
      {(fields.quantity.errors?.length || refused) && (
        <p role="alert" id={fields.quantity.errorId} className="w-full text-sm font-semibold text-brand">
          {refused ? refused.message : translateMessage(t, fields.quantity.errors?.[0] ?? '')}
        </p>
      )}
    </fetcher.Form>
  );
}
