import { Form } from 'react-router';
import { parseQuery } from '../../../contracts/errors';
import { AUDIT_ENTITIES, type AuditRow, auditQuerySchema } from '../../../contracts/staff';
import { AdminTitle, adminFieldClass, DateRangeAndActions } from '../../features/admin/admin-form';
import { type AdminColumn, AdminResults } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type MessageKey, type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import { assertPageExists } from '../../ui/pagination';
import type { Route } from './+types/audit';

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'audit');
  const query = parseQuery(auditQuerySchema, Object.fromEntries(url.searchParams));
  const [page, staff] = await Promise.all([context.services.audit.list(query), context.services.staff.list()]);
  assertPageExists(query.page, page.lastPage);
  return {
    lang: context.prefs.lang,
    query: { staff: query.staff ?? '', entity: query.entity ?? '', from: query.from ?? '', to: query.to ?? '' },
    page,
    staff: staff.map((s) => ({ id: s.id, name: s.name })),
  };
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('admin.audit.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

const dateTime = (lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'medium',
  });

/** Before and after as compact JSON, only the keys that changed when both exist. */
function changed(before: unknown, after: unknown): [string, string] {
  const isObject = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
    );
    const pick = (o: Record<string, unknown>) => JSON.stringify(Object.fromEntries(keys.map((k) => [k, o[k]])));
    return [pick(before), pick(after)];
  }
  return [before == null ? '—' : JSON.stringify(before), after == null ? '—' : JSON.stringify(after)];
}

function entityLabel(t: Translate, entity: string): string {
  return (AUDIT_ENTITIES as readonly string[]).includes(entity) ? t(`admin.entity.${entity}` as MessageKey) : entity;
}

function columns(t: Translate, lang: string): AdminColumn<AuditRow>[] {
  const format = dateTime(lang);
  return [
    {
      id: 'at',
      header: t('admin.audit.at'),
      cell: ({ row }) => <time dateTime={row.original.at}>{format.format(new Date(row.original.at))}</time>,
    },
    { id: 'who', header: t('admin.audit.who'), cell: ({ row }) => row.original.staffName },
    { id: 'action', header: t('admin.audit.action'), cell: ({ row }) => <code>{row.original.action}</code> },
    {
      id: 'record',
      header: t('admin.audit.record'),
      cell: ({ row }) => `${entityLabel(t, row.original.entity)} #${row.original.entityId}`,
    },
    {
      id: 'before',
      header: t('admin.audit.before'),
      cell: ({ row }) => (
        <code className="break-all text-xs">{changed(row.original.before, row.original.after)[0]}</code>
      ),
    },
    {
      id: 'after',
      header: t('admin.audit.after'),
      cell: ({ row }) => (
        <code className="break-all text-xs">{changed(row.original.before, row.original.after)[1]}</code>
      ),
    },
  ];
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { query, page, staff } = loaderData;
  return (
    <>
      <AdminTitle>{t('admin.audit.title')}</AdminTitle>
      <Form discover="none" method="get" className="mb-6 rounded-lg border border-line bg-white p-4">
        <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end">
          <legend className="sr-only">{t('admin.audit.filters')}</legend>
          <label className="text-sm font-semibold">
            {t('admin.audit.staff')}
            <select name="staff" defaultValue={String(query.staff)} className={adminFieldClass}>
              <option value="">{t('admin.audit.all')}</option>
              {staff.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            {t('admin.audit.entity')}
            <select name="entity" defaultValue={query.entity} className={adminFieldClass}>
              <option value="">{t('admin.audit.allEntities')}</option>
              {AUDIT_ENTITIES.map((e) => (
                <option key={e} value={e}>
                  {entityLabel(t, e)}
                </option>
              ))}
            </select>
          </label>
          <DateRangeAndActions from={query.from} to={query.to} resetTo="/admin/audit" />
        </fieldset>
      </Form>
      <AdminResults
        count={t('admin.audit.total', { count: page.total })}
        empty={t('admin.audit.empty')}
        caption={t('admin.audit.title')}
        columns={columns(t, lang)}
        rows={page.rows}
        rowKey={(r) => String(r.id)}
        page={page.page}
        lastPage={page.lastPage}
      />
    </>
  );
}
