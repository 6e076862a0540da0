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
  const fetcherKey = `add-to-cart-${productId}-${place}`;
  const fetcher = useFetcher<CartActionAnswer>({ key: fetcherKey });
  useAddedToCart(fetcher);
  const refused = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  // The forms post through React Router's `<Form navigate={false} fetcherKey>`, which is what `fetcher.Form` renders:
  // that wrapper adds its props after a spread, which Node 20's V8 gives a new hidden class on every render
  // (docs/PERFORMANCE.md, twenty-eighth session).
  return { fetcherKey, refused, busy: fetcher.state !== 'idle' };
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
