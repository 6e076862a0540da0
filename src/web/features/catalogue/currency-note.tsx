import { useT } from '../../i18n/i18n';
import { useRootData } from '../../root-data';

/** Where prices are converted, the page says that payment is in lei (issue 3, DESIGN §1). */
export function CurrencyNote() {
  const t = useT();
  const { currency } = useRootData();
  if (currency.code === 'RON') return null;
  return <p className="mt-2 text-sm text-muted">{t('listing.currencyNote', { currency: currency.code })}</p>;
}
