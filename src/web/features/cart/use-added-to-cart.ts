import { useEffect } from 'react';
import type { FetcherWithComponents } from 'react-router';
import type { CartActionAnswer } from './cart-answer';
import { trackCart } from './cart-analytics';
import { showAddedLine } from './cart-store';

/** After the cart action accepted an add: the header counter, the "added" panel and GA4's add_to_cart. */
export function useAddedToCart(fetcher: FetcherWithComponents<CartActionAnswer>): void {
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.ok || !answer.line) return;
    const added = Number(fetcher.formData?.get('quantity') ?? 1);
    showAddedLine(answer.line, answer.count);
    trackCart('add_to_cart', [{ line: answer.line, quantity: Number.isFinite(added) ? added : 1 }]);
  }, [fetcher.data, fetcher.formData]);
}
