import { formatCurrencyAmount, formatNumber } from '../../../contracts/money';
import { LOW_STOCK_THRESHOLD } from '../../../contracts/staff';
import { AdminTitle } from '../../features/admin/admin-form';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useLanguage, useT } from '../../i18n/i18n';
import type { Route } from './+types/dashboard';

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireStaff(context, url, 'dashboard');
  return { lang: context.prefs.lang, figures: await context.services.dashboard.figures() };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('admin.dashboard.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-line bg-white p-5 shadow-sm">
      <dt className="text-sm font-semibold text-muted">{label}</dt>
      <dd className="mt-2 text-3xl font-bold">{value}</dd>
      {note && <dd className="mt-1 text-sm text-muted">{note}</dd>}
    </div>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { figures } = loaderData;
  const lei = (bani: number) => formatCurrencyAmount({ sum: bani, currency: 'RON' }, lang);
  return (
    <>
      <AdminTitle>{t('admin.dashboard.title')}</AdminTitle>
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Figure label={t('admin.dashboard.todayOrders')} value={formatNumber(figures.today.orders, lang)} />
        <Figure label={t('admin.dashboard.todayRevenue')} value={lei(figures.today.revenue)} />
        <Figure label={t('admin.dashboard.awaitingPayment')} value={formatNumber(figures.awaitingPayment, lang)} />
        <Figure label={t('admin.dashboard.awaitingShipping')} value={formatNumber(figures.awaitingShipping, lang)} />
        <Figure
          label={t('admin.dashboard.donations')}
          value={lei(figures.donationsThisMonth.amount)}
          note={t('admin.dashboard.donationsCount', { count: figures.donationsThisMonth.count })}
        />
      </dl>
      <section aria-labelledby="low-stock" className="mt-10">
        <h2 id="low-stock" className="mb-3 font-serif text-2xl font-bold">
          {t('admin.dashboard.lowStock', { max: LOW_STOCK_THRESHOLD })}
        </h2>
        {figures.lowStock.length === 0 ? (
          <p>{t('admin.dashboard.lowStockEmpty')}</p>
        ) : (
          <table className="w-full border-collapse bg-white text-left text-sm">
            <thead>
              <tr className="border-b border-line">
                <th scope="col" className="p-2">
                  {t('admin.dashboard.product')}
                </th>
                <th scope="col" className="p-2">
                  {t('admin.dashboard.sku')}
                </th>
                <th scope="col" className="p-2 text-right">
                  {t('admin.dashboard.quantity')}
                </th>
              </tr>
            </thead>
            <tbody>
              {figures.lowStock.map((p) => (
                <tr key={p.id} className="border-b border-line">
                  <td className="p-2">{p.title}</td>
                  <td className="p-2 font-mono">{p.sku}</td>
                  <td className="p-2 text-right">{formatNumber(p.quantity, lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}
