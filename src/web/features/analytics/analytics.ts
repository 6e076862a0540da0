import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { AnalyticsEvent } from '../../../contracts/analytics';
import { readConsent, useConsent } from '../consent/consent';

declare global {
  interface Window {
    /** Google Tag Manager's queue; created only once the visitor accepts analytics. */
    dataLayer?: Record<string, unknown>[];
  }
}

/**
 * Records a GA4 event (SPEC §4: begin_checkout, add_shipping_info, add_payment_info, purchase; and
 * page_view) by pushing it to window.dataLayer, only when the visitor accepted analytics cookies.
 * Before that, nothing is recorded or kept. Returns whether the event was pushed.
 */
export function track(event: AnalyticsEvent, params: Record<string, unknown> = {}): boolean {
  if (typeof window === 'undefined' || readConsent() !== 'analytics') return false;
  window.dataLayer ??= [];
  window.dataLayer.push({ event, ...params });
  return true;
}

/** Sends page_view on every page the visitor sees after consenting, and at the moment of consent. */
export function usePageViews(): void {
  const location = useLocation();
  const consent = useConsent();
  useEffect(() => {
    if (consent === 'analytics') track('page_view', { page_path: location.pathname });
  }, [consent, location.pathname]);
}
