import type { Money } from '../../../contracts/cases';
import { formatMoney, isDisplayCurrency } from '../../../contracts/money';
import { useLanguage } from '../../i18n/i18n';

/** A case's sum in its own currency (lei for every case so far): donations are made in that currency. */
export function LeiAmount({ money }: { money: Money }) {
  const lang = useLanguage();
  const code = isDisplayCurrency(money.currency) ? money.currency : 'RON';
  return <>{formatMoney(money.sum, { code, ronPerUnit: 1 }, lang)}</>;
}
