import { Form } from 'react-router';
import { useT } from '../../i18n/i18n';

/** "Try the payment again": a plain form to the payment-return action, which sends the shopper to NETOPIA. */
export function RetryPaymentForm({ receipt }: { receipt: string }) {
  const t = useT();
  return (
    <Form discover="none" method="post" action="/pages/payment-return" reloadDocument className="mt-4">
      <input type="hidden" name="receipt" value={receipt} />
      <button type="submit" className="rounded bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark">
        {t('payment.return.retry')}
      </button>
    </Form>
  );
}
