import { Form } from 'react-router';
import { useT } from '../../i18n/i18n';
import { AddIntentFields, useAddToCart } from './add-to-cart-parts';

/**
 * A product card's "Adaugă în coș": one piece, the cart action's add intent. Nothing to validate in the
 * browser (hidden fields only), so it brings no schema code to the listing pages (issue 14: no zod where no
 * form needs it); the action's refusal is shown as it comes.
 */
export function AddToCartButton({ productId, title, inStock }: { productId: number; title: string; inStock: boolean }) {
  const t = useT();
  const { fetcherKey, refused, busy } = useAddToCart(productId, 'card');
  if (!inStock) return null;
  const errorId = `add-to-cart-${productId}-card-error`;
  return (
    <Form
      discover="none"
      method="post"
      action="/pages/cart"
      navigate={false}
      fetcherKey={fetcherKey}
      id={`add-to-cart-${productId}-card`}
      className="relative z-10"
    >
      <AddIntentFields productId={productId} />
      <input type="hidden" name="quantity" value="1" />
      <button
        type="submit"
        aria-disabled={busy || undefined}
        aria-describedby={refused ? errorId : undefined}
        className="rounded bg-brand px-2 py-1 text-xs font-semibold text-white hover:bg-brand-dark"
      >
        {busy ? t('cart.adding') : t('cart.add')}
        <span className="sr-only"> {title}</span>
      </button>
      {refused && (
        <p role="alert" id={errorId} className="w-full text-sm font-semibold text-brand">
          {refused.message}
        </p>
      )}
    </Form>
  );
}
