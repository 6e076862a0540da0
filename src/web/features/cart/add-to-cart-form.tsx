import { type FieldMetadata, getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { addToCartFormSchema, MAX_LINE_QUANTITY } from '../../../contracts/cart';
import { type PersonalizationForm, personalizationEntriesSchema } from '../../../contracts/personalization';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { useHydrated } from '../../use-hydrated';
import type { CartActionAnswer } from './cart-answer';
import { trackCart } from './cart-analytics';
import { showAddedLine } from './cart-store';

/** The add form's fields: the personalisation part only on a personalisable product's page. */
interface AddFormValue {
  productId: number;
  quantity: number;
  personalization?: Record<string, string | Blob | undefined>;
}

/**
 * "Adaugă în coș": the cart action's add intent. Without JavaScript it posts to /pages/cart, which redirects
 * back to this page; with it, a fetcher posts, the header counter and the "added" panel update from the answer.
 * `withQuantity` shows the quantity field (product page); product cards add one piece. `personalization` adds the
 * product's personalisation fields (a multipart form, so a picture can travel without JavaScript).
 */
export function AddToCartForm({
  productId,
  title,
  inStock,
  maxQuantity = MAX_LINE_QUANTITY,
  withQuantity = false,
  personalization,
}: {
  productId: number;
  title: string;
  inStock: boolean;
  maxQuantity?: number;
  withQuantity?: boolean;
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
  const fetcher = useFetcher<CartActionAnswer>({ key: `add-to-cart-${productId}-${withQuantity ? 'page' : 'card'}` });
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
    id: `add-to-cart-${productId}-${withQuantity ? 'page' : 'card'}`,
    lastResult: refused?.result ?? null,
    defaultValue: { quantity: '1' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.ok || !answer.line) return;
    const added = Number(fetcher.formData?.get('quantity') ?? 1);
    showAddedLine(answer.line, answer.count);
    trackCart('add_to_cart', [{ line: answer.line, quantity: Number.isFinite(added) ? added : 1 }]);
  }, [fetcher.data, fetcher.formData]);
  if (!inStock) return null;
  const busy = fetcher.state !== 'idle';
  const max = Math.max(1, Math.min(MAX_LINE_QUANTITY, maxQuantity));
  return (
    <fetcher.Form
      method="post"
      action="/pages/cart"
      encType={personalization ? 'multipart/form-data' : undefined}
      {...getFormProps(form)}
      className={withQuantity ? 'flex flex-wrap items-start gap-3' : 'relative z-10'}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {!hydrated && <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
      {personalization?.renderFields(fields.personalization.getFieldset())}
      {withQuantity ? (
        <div>
          <label htmlFor={fields.quantity.id} className="sr-only">
            {t('cart.quantity')}
          </label>
          <input
            {...getInputProps(fields.quantity, { type: 'number' })}
            min={1}
            max={max}
            className="w-20 rounded border border-line bg-white px-2 py-2 aria-[invalid=true]:border-brand"
          />
        </div>
      ) : (
        <input type="hidden" name="quantity" value="1" />
      )}
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className={`rounded bg-brand font-semibold text-white hover:bg-brand-dark ${withQuantity ? 'px-5 py-2' : 'px-2 py-1 text-xs'}`}
      >
        {busy ? t('cart.adding') : t('cart.add')}
        {!withQuantity && <span className="sr-only"> {title}</span>}
      </button>
      {(fields.quantity.errors?.length || refused) && (
        <p role="alert" id={fields.quantity.errorId} className="w-full text-sm font-semibold text-brand">
          {refused ? refused.message : translateMessage(t, fields.quantity.errors?.[0] ?? '')}
        </p>
      )}
    </fetcher.Form>
  );
}
