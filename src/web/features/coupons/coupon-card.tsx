import { useEffect, useState } from 'react';
import { type Coupon, countdown, isCouponActive } from '../../../contracts/coupons';
import { productTypes, type ProductType } from '../../../contracts/catalogue-values';
import { formatMoney, NO_CONVERSION } from '../../../contracts/money';
import { useLanguage, useT } from '../../i18n/i18n';
import { CopyButton } from '../../ui/copy-button';

/**
 * The current time for countdowns: the server's render time first (so the browser's first render matches
 * the HTML), then the browser's clock, every second.
 */
export function useNow(serverNow: string): Date {
  const [now, setNow] = useState(() => new Date(serverNow));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

export function CouponCard({ coupon, now }: { coupon: Coupon; now: Date }) {
  const t = useT();
  const lang = useLanguage();
  const active = isCouponActive(coupon, now);
  const left = countdown(coupon.endTime, now);
  const parts = [
    { value: left.days, label: t('coupons.days') },
    { value: pad(left.hours), label: t('coupons.hours') },
    { value: pad(left.minutes), label: t('coupons.minutes') },
    { value: pad(left.seconds), label: t('coupons.seconds') },
  ];
  return (
    <article className="flex h-full flex-col rounded-lg border border-line bg-white p-5 shadow-sm">
      <div className="flex items-start gap-4">
        <img src={coupon.logo} alt="" width={96} height={64} className="h-16 w-24 shrink-0 rounded object-cover" />
        <div className="flex-1">
          <h2 className="font-serif text-xl font-bold leading-snug">{coupon.title}</h2>
          <p className="mt-1 text-2xl font-bold text-brand">
            {t('coupons.off', { percent: coupon.discountPercentage })}
          </p>
        </div>
        <span
          className={`rounded px-2 py-0.5 text-sm font-semibold ${active ? 'bg-leaf text-white' : 'bg-line text-ink'}`}
        >
          {active ? t('coupons.active') : t('coupons.inactive')}
        </span>
      </div>
      <div className="mt-4">
        <p className="text-sm text-muted">{active ? t('coupons.endsIn') : t('coupons.ended')}</p>
        <p className="mt-1 flex gap-2" role="timer" aria-live="off">
          {parts.map((p) => (
            <span key={p.label} className="min-w-14 rounded bg-paper px-2 py-1 text-center">
              <span className="block font-mono text-lg font-bold">{p.value}</span>
              <span className="block text-xs text-muted">{p.label}</span>
            </span>
          ))}
        </p>
      </div>
      <p className="mt-4 text-sm">
        {t('coupons.terms', {
          productType: (productTypes as readonly string[]).includes(coupon.productType)
            ? t(`coupons.productType.${coupon.productType as ProductType}`)
            : coupon.productType,
          minimumAmount: formatMoney(coupon.minimumAmount, NO_CONVERSION, lang),
        })}
      </p>
      <div className="mt-auto flex items-center justify-between gap-3 pt-4">
        <code className="rounded border border-dashed border-brand px-3 py-2 font-mono font-bold tracking-wider">
          {coupon.couponCode}
        </code>
        <CopyButton
          text={coupon.couponCode}
          label={
            <>
              {t('coupons.copy')}
              <span className="sr-only"> {coupon.couponCode}</span>
            </>
          }
          copiedLabel={t('coupons.copied')}
          className="min-w-32 rounded bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark aria-disabled:bg-leaf"
        />
      </div>
    </article>
  );
}
