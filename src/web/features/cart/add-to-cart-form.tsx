import type { InputHTMLAttributes } from 'react';
import { Form } from 'react-router';
import { MAX_LINE_QUANTITY } from '../../../contracts/cart-values';
import { useT } from '../../i18n/i18n';
import { AddIntentFields, useAddToCart } from './add-to-cart-parts';

/**
 * The product page's "Adaugă în coș" for a product without personalisation: the quantity is checked by the
 * browser (required, min, max) and again by the cart action, whose refusal is shown as it comes. It holds no
 * schema code, so such a page loads neither zod nor Conform (issue 14); a personalisable product's page has the
 * validated form of features/product/personalized-add-to-cart-form.tsx instead. Without JavaScript it posts to
 * /pages/cart, which redirects back to this page; with it, a fetcher posts, and the header counter and the
 * "added" panel update from the answer.
 */
export function AddToCartForm({ productId, stock }: { productId: number; stock: number }) {
  const { fetcherKey, refused, busy } = useAddToCart(productId, 'page');
  const formId = `add-to-cart-${productId}-page`;
  const quantityId = `${formId}-quantity`;
  const errorId = `${quantityId}-error`;
  // The action names the quantity when it is what it refused (more than the stock, say).
  const quantityRefused = Boolean(refused?.result.error?.quantity?.length);
  return (
    <Form
      discover="none"
      method="post"
      action="/pages/cart"
      navigate={false}
      fetcherKey={fetcherKey}
      id={formId}
      className="flex flex-wrap items-start gap-3"
    >
      <AddIntentFields productId={productId} />
      <QuantityAndSubmit
        quantity={{
          id: quantityId,
          name: 'quantity',
          type: 'number',
          required: true,
          defaultValue: '1',
          'aria-invalid': quantityRefused || undefined,
          'aria-describedby': quantityRefused ? errorId : undefined,
        }}
        stock={stock}
        busy={busy}
        errorId={errorId}
        error={refused?.message ?? null}
      />
    </Form>
  );
}

/**
 * A product page's quantity (at most what is in stock, and a line's limit), its button and the line saying
 * why the quantity or the add was refused, which the quantity input names in its `aria-describedby` when invalid.
 * Shared by the plain and the personalised form; kept out of add-to-cart-parts.tsx, which every product card loads.
 */
export function QuantityAndSubmit({
  quantity,
  stock,
  busy,
  errorId,
  error,
}: {
  quantity: InputHTMLAttributes<HTMLInputElement>;
  stock: number;
  busy: boolean;
  errorId: string;
  error: string | null;
}) {
  const t = useT();
  return (
    <>
      <div>
        <label htmlFor={quantity.id} className="sr-only">
          {t('cart.quantity')}
        </label>
        {/* The bounds and the class come before the spread: JSX makes `{...quantity, min, …}` of them after it, which
            Node 20's V8 gives a new hidden class on every render (docs/PERFORMANCE.md, twenty-eighth session).
            `quantity` never holds them (inputProps sets no constraint attributes). */}
        <input
          min={1}
          max={Math.max(1, Math.min(MAX_LINE_QUANTITY, stock))}
          className="w-20 rounded border border-line bg-white px-2 py-2 aria-[invalid=true]:border-brand"
          {...quantity}
        />
      </div>
      <button
        type="submit"
        aria-disabled={busy || undefined}
        className="rounded bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-dark"
      >
        {busy ? t('cart.adding') : t('cart.add')}
      </button>
      {error && (
        <p role="alert" id={errorId} className="w-full text-sm font-semibold text-brand">
          {error}
        </p>
      )}
    </>
  );
}
