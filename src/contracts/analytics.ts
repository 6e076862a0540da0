/** SPEC §4 tracking events (GA4 names), plus page_view and the cart's (issue 10), sent only after analytics consent. */
export const ANALYTICS_EVENTS = [
  'page_view',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'purchase',
  'add_to_cart',
  'remove_from_cart',
  'view_cart',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
