/**
 * The one money module (decision 009): integer bani, lei input, formatting per language and display
 * currency, BNR conversion, VAT per rate, the cart's prices and the 30-day reduction rule.
 */
export * from './money/bani';
export * from './money/cart';
export * from './money/currency';
export * from './money/format';
export * from './money/price-display';
export * from './money/vat';
