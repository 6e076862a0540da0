import { useFetcher, useLocation } from 'react-router';
import { useT } from '../../i18n/i18n';
import { useHydrated } from '../../use-hydrated';
import type { CartActionAnswer } from './cart-answer';
import { useAddedToCart } from './use-added-to-cart';

/**
 * A product card's "Adaugă în coș": one piece, the cart action's add intent. Nothing to validate in the
 * browser (two hidden fields), so, unlike the product page's AddToCartForm, it brings no schema code to
 * the listing pages (issue 14: no zod where no form needs it); the action's refusal is shown as it comes.
 */
export function AddToCartButton({ productId, title, inStock }: { productId: number; title: string; inStock: boolean }) {
  const t = useT();
  const hydrated = useHydrated();
  const location = useLocation();
  const fetcher = useFetcher<CartActionAnswer>({ key: `add-to-cart-${productId}-card` });
  useAddedToCart(fetcher);
  if (!inStock) return null;
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const busy = fetcher.state !== 'idle';
  const errorId = `add-to-cart-${productId}-card-error`;
  return (
    <fetcher.Form method="post" action="/pages/cart" id={`add-to-cart-${productId}-card`} className="relative z-10">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="quantity" value="1" />
      {!hydrated && <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />}
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
    </fetcher.Form>
  );
}
