import type { CartLineView, CartView } from '../../contracts/cart';
import { type Bani, priceCart } from '../../contracts/money';

/**
 * The priced cart of its lines: totals and VAT per rate from `priceCart` (contracts/money, the one price
 * calculation), the free-shipping meter of SPEC §9 against the carrier's minimum. Pure, for the property test.
 */
export function priceCartView(lines: CartLineView[], freeShippingMinimum: Bani): CartView {
  const cart = priceCart(
    lines.map((l) => ({
      unitPrice: l.unitPrice,
      regularPrice: l.regularPrice,
      quantity: l.quantity,
      vatRate: l.vatRate,
      personalizationPrice: l.personalizationPrice,
      productType: l.productType,
    })),
    null,
    0,
    null,
  );
  return {
    lines,
    count: lines.reduce((a, l) => a + l.quantity, 0),
    subtotal: cart.subtotal,
    vat: cart.vat,
    vatTotal: cart.vatTotal,
    freeShipping: { minimum: freeShippingMinimum, remaining: Math.max(0, freeShippingMinimum - cart.subtotal) },
  };
}
