import type { I18nHandle } from '../i18n/areas';
import { CouponCard, useNow } from '../features/coupons/coupon-card';
import { translator, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/coupons';
import { publicPageHeaders } from '../http-cache';

export const handle: I18nHandle = { i18n: ['content'] };

export async function loader({ context }: Route.LoaderArgs) {
  const coupons = await context.services.coupons.list();
  return {
    coupons,
    now: new Date().toISOString(),
    lang: context.prefs.lang,
    url: `${context.publicUrl}/pages/coupons`,
  };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data }) => {
  const t = translator(data?.lang ?? 'ro');
  return [
    { title: `${t('coupons.title')} | ${t('shop.name')}` },
    { name: 'description', content: t('coupons.description') },
    { tagName: 'link', rel: 'canonical', href: data?.url ?? '' },
  ];
};

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const now = useNow(loaderData.now);
  return (
    <>
      <PageHeader title={t('coupons.title')} current={t('page.coupons')}>
        <p className="mt-1 font-semibold uppercase tracking-widest text-gold">{t('coupons.kicker')}</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {loaderData.coupons.map((coupon) => (
            <li key={coupon.id}>
              <CouponCard coupon={coupon} now={now} />
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
