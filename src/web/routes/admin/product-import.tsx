import { data, Form } from 'react-router';
import {
  IMPORT_VALUE_COLUMNS,
  type ImportChange,
  type ImportValueColumn,
  importActionSchema,
  MAX_IMPORT_BYTES,
} from '../../../contracts/admin-catalogue';
import { formatCurrencyAmount } from '../../../contracts/money';
import { canOpen } from '../../../contracts/staff';
import { FormBanner } from '../../features/account/account-form';
import { AdminTitle, adminFieldClass, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminTable } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/product-import';

export const handle = { i18n: ['admin-catalogue', 'validation'] };

/** The columns a role may import: the admin all, the operator (stock area only) the stock. */
function allowedColumns(role: Parameters<typeof canOpen>[0]): readonly ImportValueColumn[] {
  return canOpen(role, 'catalogue') ? IMPORT_VALUE_COLUMNS : ['stock'];
}

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  const staff = await requireStaff(context, url, 'stock');
  return { lang: context.prefs.lang, pricesAllowed: canOpen(staff.role, 'catalogue') };
});

/**
 * `preview` reads the CSV (an uploaded file, or pasted text) and answers the changes and bad lines; `apply`
 * posts the same text back and writes it all in one transaction, or nothing when a line is bad.
 */
export const action = withPageErrors(async ({ request, url, context }: Route.ActionArgs) => {
  const staff = await requireStaff(context, url, 'stock');
  const formData = await request.formData();
  const file = formData.get('file');
  const pasted = formData.get('csv');
  const csv =
    file instanceof File && file.size > 0
      ? file.size > MAX_IMPORT_BYTES
        ? 'x'.repeat(MAX_IMPORT_BYTES + 1)
        : await file.text()
      : typeof pasted === 'string'
        ? pasted
        : '';
  const parsed = importActionSchema.safeParse({ intent: formData.get('intent'), csv });
  if (!parsed.success)
    return data(
      { csv: '', message: parsed.error.issues[0]?.message ?? 'validation.invalid', preview: null, applied: null },
      { status: 400 },
    );
  const admin = context.services.catalogueAdmin;
  const allowed = allowedColumns(staff.role);
  const { intent } = parsed.data;
  const result =
    intent === 'apply'
      ? await admin.applyImport(staff.id, parsed.data.csv, allowed)
      : await admin.previewImport(parsed.data.csv, allowed);
  const failed = result.problems.length > 0;
  return data(
    {
      csv: parsed.data.csv,
      message: null,
      preview: intent === 'preview' || failed ? result : null,
      applied: intent === 'apply' && !failed ? result.changes.length : null,
    },
    { status: failed ? 400 : 200 },
  );
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminCatalogue.import.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function changeColumns(t: Translate, lang: string): AdminColumn<ImportChange>[] {
  const money = (bani: number | null | undefined) =>
    bani === null ? t('adminCatalogue.import.none') : formatCurrencyAmount({ sum: bani ?? 0, currency: 'RON' }, lang);
  const oldNew = (before: string, after: string) => (
    <span className="whitespace-nowrap">
      {before} → <strong>{after}</strong>
    </span>
  );
  return [
    { id: 'line', header: t('adminCatalogue.import.line'), cell: ({ row }) => row.original.line },
    {
      id: 'product',
      header: t('adminCatalogue.import.product'),
      cell: ({ row }) => (
        <>
          <span className="font-mono">{row.original.sku}</span> {row.original.title}
        </>
      ),
    },
    {
      id: 'quantity',
      header: t('adminCatalogue.import.quantity'),
      cell: ({ row }) =>
        row.original.after.quantity === undefined
          ? ''
          : oldNew(String(row.original.before.quantity), String(row.original.after.quantity)),
    },
    {
      id: 'price',
      header: t('adminCatalogue.import.sellingPrice'),
      cell: ({ row }) =>
        row.original.after.sellingPrice === undefined
          ? ''
          : oldNew(money(row.original.before.sellingPrice), money(row.original.after.sellingPrice)),
    },
    {
      id: 'special',
      header: t('adminCatalogue.import.specialPrice'),
      cell: ({ row }) =>
        row.original.after.specialPrice === undefined
          ? ''
          : oldNew(money(row.original.before.specialPrice), money(row.original.after.specialPrice)),
    },
  ];
}

export default function AdminProductImport({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const preview = actionData?.preview;
  const canApply = preview && preview.problems.length === 0 && preview.changes.length > 0;
  return (
    <>
      <AdminTitle>{t('adminCatalogue.import.title')}</AdminTitle>
      <p className="mb-2 max-w-3xl">{t('adminCatalogue.import.intro')}</p>
      {!loaderData.pricesAllowed && <p className="mb-2 font-semibold">{t('adminCatalogue.import.operatorNote')}</p>}
      <pre className="mb-6 max-w-md rounded border border-line bg-white p-3 text-sm">
        {'sku;stock;price;special_price\nMRN-000001;12;49,90;\nMRN-000002;0;;-'}
      </pre>
      <div className="mb-6 space-y-2" aria-live="polite">
        {actionData?.message && <FormBanner tone="error">{translateMessage(t, actionData.message)}</FormBanner>}
        {actionData?.applied != null && (
          <FormBanner tone="success">{t('adminCatalogue.import.applied', { count: actionData.applied })}</FormBanner>
        )}
        {preview && preview.problems.length > 0 && (
          <FormBanner tone="error">{t('adminCatalogue.import.problems')}</FormBanner>
        )}
      </div>
      {preview && preview.problems.length > 0 && (
        <table className="mb-6 w-full max-w-3xl border-collapse rounded-lg border border-line bg-white text-left text-sm">
          <caption className="sr-only">{t('adminCatalogue.import.problems')}</caption>
          <thead className="bg-paper">
            <tr>
              <th scope="col" className="p-2">
                {t('adminCatalogue.import.line')}
              </th>
              <th scope="col" className="p-2">
                {t('adminCatalogue.import.reason')}
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.problems.map((p) => (
              <tr key={`${p.line}-${p.reason}-${p.value ?? ''}`} className="border-t border-line">
                <td className="p-2">{p.line}</td>
                <td className="p-2">{translateMessage(t, p.reason, { value: p.value ?? '' })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {preview && preview.problems.length === 0 && (
        <section aria-labelledby="import-changes" className="mb-6">
          <h2 id="import-changes" className="mb-2 font-serif text-xl font-bold">
            {t('adminCatalogue.import.changes', { count: preview.changes.length, unchanged: preview.unchanged })}
          </h2>
          {preview.changes.length > 0 ? (
            <AdminTable
              caption={t('adminCatalogue.import.title')}
              columns={changeColumns(t, lang)}
              rows={preview.changes}
              rowKey={(c) => String(c.id)}
            />
          ) : (
            <p>{t('adminCatalogue.import.nothing')}</p>
          )}
        </section>
      )}
      {canApply && (
        // Multipart: a staff member's multipart post may carry the whole file (edges.ts), a urlencoded one 64 KB.
        <Form discover="none" method="post" encType="multipart/form-data" className="mb-8">
          <input type="hidden" name="intent" value="apply" />
          <input type="hidden" name="csv" value={actionData?.csv ?? ''} />
          <button type="submit" className={smallButtonClass}>
            {t('adminCatalogue.import.apply')}
          </button>
        </Form>
      )}
      <Form
        discover="none"
        method="post"
        encType="multipart/form-data"
        className="max-w-2xl space-y-4 rounded-lg border border-line bg-white p-6"
      >
        <input type="hidden" name="intent" value="preview" />
        <label className="block text-sm font-semibold">
          {t('adminCatalogue.import.file')}
          <input type="file" name="file" accept=".csv,text/csv" className={adminFieldClass} />
        </label>
        <label className="block text-sm font-semibold">
          {t('adminCatalogue.import.csv')}
          <textarea
            name="csv"
            rows={6}
            defaultValue={actionData?.csv ?? ''}
            className={`${adminFieldClass} font-mono`}
          />
        </label>
        <button type="submit" className={smallButtonClass}>
          {t('adminCatalogue.import.preview')}
        </button>
      </Form>
    </>
  );
}
