import { Form } from 'react-router';
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { useMemo } from 'react';
import { addToCartFormSchema } from '../../../contracts/cart';
import type { Bani } from '../../../contracts/money';
import { type PersonalizationForm, personalizationEntriesSchema } from '../../../contracts/personalization';
import { useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { inputProps } from '../../ui/input-props';
import { QuantityAndSubmit } from '../cart/add-to-cart-form';
import { AddIntentFields, useAddToCart } from '../cart/add-to-cart-parts';
import { PersonalizationFields } from './personalization-fields';

/** The add form's fields: the product's personalisation beside the quantity. */
interface AddFormValue {
  productId: number;
  quantity: number;
  personalization?: Record<string, string | Blob | undefined>;
}

/**
 * A personalisable product's "Adaugă în coș": the cart action's add intent with the product's personalisation
 * fields, validated in the browser with the cart action's own schema (Conform and zod), in a multipart form so
 * that a picture can travel without JavaScript. Loaded only for such products (product-add-to-cart.tsx); a plain
 * product's page has the schema-free AddToCartForm.
 */
export function PersonalizedAddToCartForm({
  productId,
  stock,
  form,
  required,
  unitPrice,
}: {
  productId: number;
  stock: number;
  form: PersonalizationForm;
  required: boolean;
  /** Bani: the product's own price per piece. */
  unitPrice: Bani;
}) {
  const t = useT();
  const { fetcherKey, refused, busy } = useAddToCart(productId, 'page');
  // One schema for the browser and the cart action: the quantity, and the product's own personalisation rules.
  const schema = useMemo(
    () => addToCartFormSchema.extend({ personalization: personalizationEntriesSchema(form, required) }),
    [form, required],
  );
  const [conform, fields] = useForm<AddFormValue>({
    id: `add-to-cart-${productId}-page`,
    lastResult: refused?.result ?? null,
    defaultValue: { quantity: '1' },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const quantityError = fields.quantity.errors?.[0];
  return (
    <Form
      discover="none"
      method="post"
      action="/pages/cart"
      navigate={false}
      fetcherKey={fetcherKey}
      encType="multipart/form-data"
      {...getFormProps(conform)}
      className="flex flex-wrap items-start gap-3"
    >
      <AddIntentFields productId={productId} />
      <PersonalizationFields
        form={form}
        required={required}
        unitPrice={unitPrice}
        fields={fields.personalization.getFieldset()}
      />
      <QuantityAndSubmit
        quantity={inputProps(fields.quantity, { type: 'number' })}
        stock={stock}
        busy={busy}
        errorId={fields.quantity.errorId}
        error={refused ? refused.message : quantityError !== undefined ? translateMessage(t, quantityError) : null}
      />
    </Form>
  );
}
