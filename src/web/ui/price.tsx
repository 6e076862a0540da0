import { formatMoney } from '../../contracts/money';
import { useLanguage, useT } from '../i18n/i18n';
import { useRootData } from '../root-data';

/**
 * A price in the shopper's display currency and, for a reduction, the struck-through "before" price, which
 * is the lowest price of the 30 days before the current one (DESIGN §6), named as such below it.
 * The values come from `priceDisplay` (contracts/money) through the API; this only shows them.
 */
export function Price({
  price,
  oldPrice,
  lowestPrice30Days = null,
  discount = null,
  size = 'md',
}: {
  price: number;
  oldPrice: number | null;
  lowestPrice30Days?: number | null;
  /** Whole percent below the 30-day price, shown next to it when given. */
  discount?: number | null;
  size?: 'md' | 'lg';
}) {
  const t = useT();
  const lang = useLanguage();
  const { currency } = useRootData();
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className={`font-bold text-brand ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>
          {formatMoney(price, currency, lang)}
        </span>
        {oldPrice !== null && (
          <span className="text-sm text-muted">
            <span className="sr-only">{t('product.oldPrice')}: </span>
            <s>{formatMoney(oldPrice, currency, lang)}</s>
            {discount !== null && <span className="ml-1 font-semibold text-brand">−{discount}%</span>}
          </span>
        )}
      </p>
      {oldPrice !== null && lowestPrice30Days !== null && (
        <p className={`text-muted ${size === 'lg' ? 'mt-1 text-sm' : 'text-xs'}`}>
          {t('price.lowest30', { amount: formatMoney(lowestPrice30Days, currency, lang) })}
        </p>
      )}
    </div>
  );
}
