import type { CheckoutQuote } from '../../../contracts/checkout';
import { formatMoney, NO_CONVERSION } from '../../../contracts/money';
import { useLanguage, useT } from '../../i18n/i18n';
import { useRootData } from '../../root-data';

/**
 * SPEC §2's order summary: the lines with their quantities and prices (and why a line cannot be ordered,
 * SPEC §8), then the server's totals — products, coupon, shipping, donation, total, the VAT per rate — in the
 * display currency, with the amount in lei that is charged.
 */
export function OrderSummary({ quote, lineErrors }: { quote: CheckoutQuote; lineErrors: Record<string, string> }) {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  const money = (bani: number) => formatMoney(bani, currency, lang);
  const { totals, carrier } = quote;
  return (
    <section aria-labelledby="checkout-summary-title" className="rounded-lg border border-line bg-white p-5">
      <h2 id="checkout-summary-title" className="font-serif text-xl font-bold">
        {t('checkout.summary.title')}
      </h2>
      <ul className="mt-4 divide-y divide-line">
        {quote.cart.lines.map((line) => (
          <li key={line.id} className="flex gap-3 py-3">
            <img src={line.image} alt="" width={48} height={64} className="h-16 w-12 shrink-0 rounded object-cover" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold leading-snug">{line.title}</p>
              <p className="text-sm text-muted">
                {t('checkout.summary.quantity', {
                  quantity: line.quantity,
                  price: money(line.unitPrice + line.personalizationPrice),
                })}
              </p>
              {line.personalization && (
                <p className="text-sm text-muted">
                  {t('cart.personalization')}: {Object.values(line.personalization).join(', ')}
                </p>
              )}
              {lineErrors[String(line.id)] && (
                <p className="text-sm font-semibold text-brand">{lineErrors[String(line.id)]}</p>
              )}
            </div>
            <p className="shrink-0 font-semibold">
              {money((line.unitPrice + line.personalizationPrice) * line.quantity)}
            </p>
          </li>
        ))}
      </ul>
      <dl className="mt-4 space-y-2 border-t border-line pt-4">
        <div className="flex justify-between">
          <dt>{t('checkout.totals.subtotal')}</dt>
          <dd>{money(totals.subtotal)}</dd>
        </div>
        {totals.discount > 0 && (
          <div className="flex justify-between text-leaf">
            <dt>{t('checkout.totals.discount')}</dt>
            <dd>−{money(totals.discount)}</dd>
          </div>
        )}
        {carrier && (
          <div className="flex justify-between">
            <dt>
              {t('checkout.totals.shipping')} ({carrier.name})
            </dt>
            <dd>{totals.shipping === 0 ? t('checkout.shipping.free') : money(totals.shipping)}</dd>
          </div>
        )}
        {totals.donation > 0 && (
          <div className="flex justify-between">
            <dt>{t('checkout.totals.donation')}</dt>
            <dd>{money(totals.donation)}</dd>
          </div>
        )}
        <div className="flex justify-between border-t border-line pt-2 text-lg font-bold">
          <dt>{t('checkout.totals.total')}</dt>
          <dd data-testid="checkout-total">{money(totals.total)}</dd>
        </div>
        {totals.vat.map((row) => (
          <div key={row.rate} className="flex justify-between text-sm text-muted">
            <dt>{t('checkout.totals.vat', { rate: row.rate })}</dt>
            <dd>{money(row.vat)}</dd>
          </div>
        ))}
      </dl>
      {carrier && carrier.free_shipping_threshold_remaining > 0 && (
        <p className="mt-3 rounded border border-line bg-paper p-2 text-sm">
          {t('checkout.shipping.remaining', { amount: money(carrier.free_shipping_threshold_remaining) })}
        </p>
      )}
      {currency.code !== 'RON' && (
        <p className="mt-3 text-sm text-muted">
          {t('checkout.totals.inRon', { amount: formatMoney(totals.total, NO_CONVERSION, lang) })}
        </p>
      )}
    </section>
  );
}
