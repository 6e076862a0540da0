import { Form, Link } from 'react-router';
import type { CartView } from '../../../contracts/cart';
import { formatMoney } from '../../../contracts/money';
import { useLanguage, useT } from '../../i18n/i18n';
import { useRootData } from '../../root-data';

/** Subtotal, the VAT included per rate, the free-shipping meter (SPEC §9) and the note that payment is in lei. */
export function CartSummary({ cart }: { cart: CartView }) {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  const money = (bani: number) => formatMoney(bani, currency, lang);
  const { minimum, remaining } = cart.freeShipping;
  return (
    <aside aria-labelledby="cart-summary-title" className="h-fit rounded-lg border border-line bg-white p-5">
      <h2 id="cart-summary-title" className="font-serif text-xl font-bold">
        {t('cart.summary')}
      </h2>
      <dl className="mt-4 space-y-2">
        <div className="flex justify-between text-lg font-bold">
          <dt>{t('cart.subtotal')}</dt>
          <dd>{money(cart.subtotal)}</dd>
        </div>
        {cart.vat.map((row) => (
          <div key={row.rate} className="flex justify-between text-sm text-muted">
            <dt>{t('cart.vatRate', { rate: row.rate })}</dt>
            <dd>{money(row.vat)}</dd>
          </div>
        ))}
        <div className="flex justify-between text-sm">
          <dt>{t('cart.vatTotal')}</dt>
          <dd>{money(cart.vatTotal)}</dd>
        </div>
      </dl>
      {minimum > 0 && (
        <div className="mt-5 rounded border border-line bg-paper p-3 text-sm">
          <p className="font-semibold">{t('cart.freeShipping.label')}</p>
          <progress
            className="mt-2 h-2 w-full accent-leaf"
            max={minimum}
            value={Math.min(minimum, minimum - remaining)}
            aria-label={t('cart.freeShipping.label')}
          />
          <p className="mt-1">
            {remaining > 0
              ? t('cart.freeShipping.remaining', { amount: money(remaining) })
              : t('cart.freeShipping.reached')}
          </p>
        </div>
      )}
      {currency.code !== 'RON' && (
        <p className="mt-4 text-sm text-muted">{t('cart.paymentInRon', { currency: currency.code })}</p>
      )}
      <Link
        discover="none"
        to="/pages/checkout"
        className="mt-5 block rounded bg-brand px-5 py-3 text-center text-lg font-semibold text-white hover:bg-brand-dark"
      >
        {t('cart.checkout')}
      </Link>
      <Form discover="none" method="post" action="/pages/cart" className="mt-5">
        <input type="hidden" name="intent" value="clear" />
        <input type="hidden" name="redirectTo" value="/pages/cart" />
        <button type="submit" className="text-sm text-brand underline">
          {t('cart.clear')}
        </button>
      </Form>
    </aside>
  );
}
