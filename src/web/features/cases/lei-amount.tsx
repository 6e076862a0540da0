import { type CurrencyAmount, formatCurrencyAmount } from '../../../contracts/money';
import { useLanguage } from '../../i18n/i18n';

/** A case's sum in its own currency (lei for every case so far): donations are made in that currency. */
export function LeiAmount({ money }: { money: CurrencyAmount }) {
  const lang = useLanguage();
  return <>{formatCurrencyAmount(money, lang)}</>;
}
