import { useEffect } from 'react';
import type { FetcherWithComponents } from 'react-router';
import type { CartActionAnswer } from './cart-answer';
import { readConsent } from '../consent/consent';
import { showAddedLine } from './cart-store';

/** After the cart action accepted an add: the header counter, the "added" panel and GA4's add_to_cart. */
export function useAddedToCart(fetcher: FetcherWithComponents<CartActionAnswer>): void {
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer?.ok || !answer.line) return;
    const added = Number(fetcher.formData?.get('quantity') ?? 1);
    showAddedLine(answer.line, answer.count);
    // GA4's add_to_cart code is fetched only for a visitor who accepted analytics (it sends nothing otherwise),
    // so the pages with product cards do not load it first (issue 14).
    const line = answer.line;
    if (readConsent() === 'analytics') {
      void import('./cart-analytics').then(({ trackCart }) =>
        trackCart('add_to_cart', [{ line, quantity: Number.isFinite(added) ? added : 1 }]),
      );
    }
  }, [fetcher.data, fetcher.formData]);
}
