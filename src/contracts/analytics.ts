/** SPEC §4 tracking events (GA4 names), plus page_view, sent only after analytics consent. */
export const ANALYTICS_EVENTS = [
  'page_view',
  'begin_checkout',
  'add_shipping_info',
  'add_payment_info',
  'purchase',
] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];
