import type { CartLineView } from '../../../contracts/cart';
import { baniToDecimal } from '../../../contracts/money';
import { track } from '../analytics/analytics';

/** GA4's item fields for a cart line (prices in RON, the currency orders are charged in). */
function ga4Item(line: CartLineView, quantity: number) {
  return {
    item_id: line.sku,
    item_name: line.title,
    item_category: line.category,
    price: Number(baniToDecimal(line.unitPrice + line.personalizationPrice)),
    quantity,
  };
}

/**
 * The cart's GA4 events (add_to_cart, remove_from_cart, view_cart) and the checkout's (begin_checkout,
 * add_shipping_info with `shipping_tier`, add_payment_info with `payment_type`), pushed only after analytics
 * consent (`track`).
 */
export function trackCart(
  event: 'add_to_cart' | 'remove_from_cart' | 'view_cart' | 'begin_checkout' | 'add_shipping_info' | 'add_payment_info',
  lines: { line: CartLineView; quantity: number }[],
  extra: Record<string, string> = {},
): void {
  const value = lines.reduce(
    (sum, { line, quantity }) => sum + (line.unitPrice + line.personalizationPrice) * quantity,
    0,
  );
  track(event, {
    ecommerce: {
      currency: 'RON',
      value: Number(baniToDecimal(value)),
      items: lines.map(({ line, quantity }) => ga4Item(line, quantity)),
      ...extra,
    },
  });
}
