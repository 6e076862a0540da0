import { useFetcher, useLocation } from 'react-router';
import type { CartActionAnswer } from './cart-answer';
import { RedirectWithoutScript } from './redirect-without-script';
import { useAddedToCart } from './use-added-to-cart';

/**
 * What every "Adaugă în coș" shares (a product card's button, a product page's plain and personalised forms): a
 * fetcher per product and place posting the cart action's add intent, what follows an accepted add, and a refusal,
 * whose message the action has already translated.
 */
export function useAddToCart(productId: number, place: 'card' | 'page') {
  const fetcher = useFetcher<CartActionAnswer>({ key: `add-to-cart-${productId}-${place}` });
  useAddedToCart(fetcher);
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  return { fetcher, refused, busy: fetcher.state !== 'idle' };
}

/**
 * The add intent's hidden fields. Without JavaScript the form posts to /pages/cart, which sends the shopper back
 * to `redirectTo`; once the page runs, the fetcher gets the action's answer instead, so the field is disabled.
 */
export function AddIntentFields({ productId }: { productId: number }) {
  const location = useLocation();
  return (
    <>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      <RedirectWithoutScript to={`${location.pathname}${location.search}`} />
    </>
  );
}
