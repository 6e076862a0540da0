import { useState } from 'react';
import { invoiceFileName } from '../../../contracts/invoices';
import { useT } from '../../i18n/i18n';
import { useHydrated } from '../../use-hydrated';
import { showToast } from '../../ui/toasts';
import { reportClientFailure } from '../client-log';

/**
 * SPEC §2/§7: the invoice column's download, saved as 'Factura #{bill_number}.pdf'. Without JavaScript it is a
 * plain link (the server names the file). With it, the file is fetched first, so a failure can say
 * 'Eroare la descarcare' (SPEC §8) instead of leaving the shopper on an error page; the failure is logged.
 */
export function InvoiceDownload({ orderId, bill, query = '' }: { orderId: number; bill: string; query?: string }) {
  const t = useT();
  const [loading, setLoading] = useState(false);
  const hydrated = useHydrated();
  const href = `/api/client-order/download-invoice/${orderId}${query}`;
  const fileName = invoiceFileName(bill);

  async function download(event: React.MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    try {
      const res = await fetch(href);
      if (!res.ok) throw new Error(`invoice download answered ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName;
      link.click();
      // The click has handed the file to the browser; the object URL can go on the next turn.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (err) {
      showToast(t('profile.orders.invoiceError'), 'error');
      reportClientFailure('invoice_download_failed', err);
    } finally {
      setLoading(false);
    }
  }

  return (
    <a
      href={href}
      download={fileName}
      onClick={download}
      aria-busy={loading}
      // Says when the click is handled here (a failure then shows a toast); the end-to-end tests wait for it.
      data-enhanced={hydrated ? 'true' : undefined}
      className="whitespace-nowrap text-brand underline"
    >
      {t('profile.orders.invoiceLink', { bill })}
    </a>
  );
}
