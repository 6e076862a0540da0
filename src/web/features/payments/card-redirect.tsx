import { useEffect } from 'react';
import { type CardRedirect, NETOPIA_3DS_STORAGE_KEY } from '../../../contracts/payments';
import { useT } from '../../i18n/i18n';

/** SPEC §2/§4: the overlay while a card order is placed and the shopper is sent to NETOPIA's page. */
export function PaymentRedirectOverlay() {
  const t = useT();
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 px-4"
      data-testid="payment-redirect"
    >
      <div role="status" aria-live="polite" className="max-w-md rounded-lg bg-white p-8 text-center shadow-lg">
        <p className="text-xl font-semibold">{t('payment.redirect.title')}</p>
        <p className="mt-2">{t('payment.redirect.text')}</p>
      </div>
    </div>
  );
}

/**
 * SPEC §4 card payment start: the 3-D Secure data is kept in session storage (`netopia3ds`) until the return
 * page's verification, then the page goes to NETOPIA. The overlay stays until the browser has left.
 */
export function CardRedirectOverlay({ redirect }: { redirect: CardRedirect }) {
  useEffect(() => {
    try {
      sessionStorage.setItem(NETOPIA_3DS_STORAGE_KEY, JSON.stringify(redirect.netopia3ds));
    } catch {
      // Storage refused (a private window's quota): the return page verifies on the server all the same.
    }
    window.location.assign(redirect.url);
  }, [redirect]);
  return <PaymentRedirectOverlay />;
}

/** Drops the kept 3-D Secure data: at a new order's submit, and once the return page has verified. */
export function forgetNetopia3ds(): void {
  try {
    sessionStorage.removeItem(NETOPIA_3DS_STORAGE_KEY);
  } catch {
    // Nothing was kept where storage is refused.
  }
}
