import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link } from 'react-router';
import {
  type AdminLocker,
  type AdminPoint,
  depotActionSchema,
  type ImportReport,
  LOCKER_CSV_COLUMNS,
  MAX_IMPORT_BYTES,
  type PlaceKind,
  placesActionSchema,
  placesImportSchema,
  placesQuerySchema,
  POINT_CSV_COLUMNS,
} from '../../../contracts/admin-shipping';
import { parseQuery } from '../../../contracts/errors';
import { buttonClass, FieldError, FormBanner, inputClass } from '../../features/account/account-form';
import { AdminTitle, adminFieldClass, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminResults } from '../../features/admin/admin-table';
import { refusalReply } from '../../features/admin/form-reply.server';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { withPageErrors } from '../../page-errors';
import { assertPageExists } from '../../ui/pagination';
import type { Route } from './+types/places';
import { inputProps } from '../../ui/input-props';

export const handle = { i18n: ['admin-shipping', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'shipping');
  const query = parseQuery(placesQuerySchema, Object.fromEntries(url.searchParams));
  const admin = context.services.shippingAdmin;
  const [lockers, points, depot] = await Promise.all([
    query.kind === 'lockers' ? admin.lockers(query) : null,
    query.kind === 'points' ? admin.points(query) : null,
    context.services.settings.depot(),
  ]);
  const page = lockers ?? points;
  if (page) assertPageExists(query.page, page.lastPage);
  return { lang: context.prefs.lang, query: { kind: query.kind, q: query.q ?? '' }, lockers, points, depot };
});

type ImportOutcome = { report: ImportReport; csv: string; applied: boolean } | null;

/** The file posted (preview) or the text the preview sent back (apply); null when neither is a usable CSV. */
async function csvOf(formData: FormData): Promise<string | null> {
  const file = formData.get('file');
  const text = file instanceof File ? (file.size > 0 ? await file.text() : null) : formData.get('csv');
  if (typeof text !== 'string' || text.trim() === '' || Buffer.byteLength(text) > MAX_IMPORT_BYTES) return null;
  return text;
}

/**
 * The depot form, the lists' delete buttons and the CSV import (preview, then apply: the same file checked
 * again and written in one transaction, or nothing when a line is wrong). Each write is audited by the service.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireStaff(context, url, 'shipping');
  const formData = await request.formData();
  const intent = String(formData.get('intent') ?? '');
  const admin = context.services.shippingAdmin;
  const none = { form: intent, result: null, imported: null as ImportOutcome, saved: false };
  if (intent === 'depot') {
    const submission = parseWithZod(formData, { schema: depotActionSchema });
    if (submission.status !== 'success') return data({ ...none, result: submission.reply() }, { status: 400 });
    const { intent: _intent, ...depot } = submission.value;
    await context.services.settings.saveDepot(me.id, depot);
    return data({ ...none, result: submission.reply(), saved: true });
  }
  if (intent === 'preview' || intent === 'apply') {
    const submission = parseWithZod(formData, { schema: placesImportSchema });
    if (submission.status !== 'success') return data({ ...none, result: submission.reply() }, { status: 400 });
    const csv = await csvOf(formData);
    if (csv === null) {
      return data(
        {
          ...none,
          form: 'import',
          result: submission.reply({ fieldErrors: { file: ['validation.adminShipping.csvFile'] } }),
        },
        { status: 400 },
      );
    }
    const { kind } = submission.value;
    const report =
      intent === 'preview' ? await admin.previewImport(kind, csv) : await admin.applyImport(me.id, kind, csv);
    const imported = { report, csv, applied: intent === 'apply' && report.problems.length === 0 };
    return data({ ...none, form: 'import', imported }, { status: report.problems.length ? 400 : 200 });
  }
  const submission = parseWithZod(formData, { schema: placesActionSchema });
  if (submission.status !== 'success') return data({ ...none, result: submission.reply() }, { status: 400 });
  try {
    if (submission.value.intent === 'locker-delete') await admin.deleteLocker(me.id, submission.value.lockerId);
    else await admin.deletePoint(me.id, submission.value.id);
  } catch (err) {
    const { result, status } = refusalReply(submission, err);
    return data({ ...none, result }, { status });
  }
  return data({ ...none, saved: true });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminShipping.places.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

/** A row's delete button; its name says which row to a screen reader. */
function DeleteButton({
  intent,
  name,
  value,
  what,
}: {
  intent: string;
  name: string;
  value: string | number;
  what: string;
}) {
  const t = useT();
  return (
    <Form discover="none" method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={name} value={value} />
      <button type="submit" className={smallButtonClass}>
        {t('adminShipping.delete')}
        <span className="sr-only"> {what}</span>
      </button>
    </Form>
  );
}

function lockerColumns(t: Translate): AdminColumn<AdminLocker>[] {
  return [
    {
      id: 'id',
      header: t('adminShipping.locker.id'),
      cell: ({ row }) => <span className="font-mono">{row.original.lockerId}</span>,
    },
    { id: 'name', header: t('adminShipping.locker.name'), cell: ({ row }) => row.original.name },
    {
      id: 'address',
      header: t('adminShipping.locker.address'),
      cell: ({ row }) => {
        const l = row.original;
        return `${l.street} ${l.number}, ${l.city}, ${l.county}, ${l.zipCode}`;
      },
    },
    {
      id: 'demo',
      header: t('adminShipping.demo'),
      cell: ({ row }) => (row.original.isDemo ? t('adminShipping.demo.yes') : ''),
    },
    {
      id: 'actions',
      header: t('adminShipping.actions'),
      cell: ({ row }) => (
        <DeleteButton
          intent="locker-delete"
          name="lockerId"
          value={row.original.lockerId}
          what={`${row.original.name} (${row.original.lockerId})`}
        />
      ),
    },
  ];
}

function pointColumns(t: Translate): AdminColumn<AdminPoint>[] {
  return [
    { id: 'carrier', header: t('adminShipping.point.carrier'), cell: ({ row }) => row.original.carrierName },
    { id: 'country', header: t('adminShipping.point.country'), cell: ({ row }) => row.original.countryId },
    { id: 'agency', header: t('adminShipping.point.agency'), cell: ({ row }) => row.original.agency },
    {
      id: 'contact',
      header: t('adminShipping.point.contact'),
      cell: ({ row }) => <span className="whitespace-pre-line">{row.original.contactInfo}</span>,
    },
    {
      id: 'demo',
      header: t('adminShipping.demo'),
      cell: ({ row }) => (row.original.isDemo ? t('adminShipping.demo.yes') : ''),
    },
    {
      id: 'actions',
      header: t('adminShipping.actions'),
      cell: ({ row }) => (
        <DeleteButton
          intent="point-delete"
          name="id"
          value={row.original.id}
          what={`${row.original.agency} (${row.original.countryId})`}
        />
      ),
    },
  ];
}

function ImportResult({ outcome }: { outcome: NonNullable<ImportOutcome> }) {
  const t = useT();
  const { report } = outcome;
  if (report.problems.length) {
    return (
      <div className="mt-4 space-y-3">
        <FormBanner tone="error">{t('adminShipping.import.problems', { count: report.problems.length })}</FormBanner>
        <div className="relative overflow-x-auto rounded-lg border border-line bg-white">
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{t('adminShipping.import.problemsCaption')}</caption>
            <thead className="bg-paper">
              <tr className="border-b border-line">
                <th scope="col" className="p-2">
                  {t('adminShipping.import.line')}
                </th>
                <th scope="col" className="p-2">
                  {t('adminShipping.import.column')}
                </th>
                <th scope="col" className="p-2">
                  {t('adminShipping.import.problem')}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.problems.slice(0, 200).map((p) => (
                <tr key={`${p.line}-${p.field}-${p.message}`} className="border-b border-line last:border-b-0">
                  <td className="p-2">{p.line}</td>
                  <td className="p-2 font-mono">{p.field ?? ''}</td>
                  <td className="p-2">{translateMessage(t, p.message)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    );
  }
  const counts = { rows: report.rows, added: report.added, changed: report.changed, unchanged: report.unchanged };
  if (outcome.applied) {
    return (
      <div className="mt-4">
        <FormBanner tone="success">{t('adminShipping.import.applied', counts)}</FormBanner>
      </div>
    );
  }
  return (
    <div className="mt-4 space-y-3">
      <FormBanner tone="success">{t('adminShipping.import.preview', counts)}</FormBanner>
      <Form discover="none" method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="apply" />
        <input type="hidden" name="kind" value={report.kind} />
        <textarea name="csv" defaultValue={outcome.csv} hidden readOnly aria-hidden="true" tabIndex={-1} />
        <button type="submit" className={buttonClass}>
          {t('adminShipping.import.apply')}
        </button>
      </Form>
    </div>
  );
}

export default function AdminPlaces({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { query, lockers, points, depot } = loaderData;
  const [depotForm, depotFields] = useForm({
    id: 'depot',
    defaultValue: depot,
    lastResult: actionData?.form === 'depot' ? actionData.result : null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: depotActionSchema }),
  });
  const rowError =
    actionData && (actionData.form === 'locker-delete' || actionData.form === 'point-delete') && actionData.result
      ? (Object.values(actionData.result.error ?? {}).flat()[0] ?? null)
      : null;
  const importError =
    actionData?.form === 'import' && actionData.result
      ? Object.values(actionData.result.error ?? {}).flat()[0]
      : undefined;
  const tab = (kind: PlaceKind, label: string) => (
    <Link
      discover="none"
      to={`?kind=${kind}`}
      aria-current={query.kind === kind ? 'page' : undefined}
      className={`rounded-t border border-b-0 border-line px-4 py-2 font-semibold ${query.kind === kind ? 'bg-white' : 'bg-paper text-brand underline'}`}
    >
      {label}
    </Link>
  );
  const columns = query.kind === 'lockers' ? LOCKER_CSV_COLUMNS : POINT_CSV_COLUMNS;
  return (
    <>
      <AdminTitle>{t('adminShipping.places.title')}</AdminTitle>
      <div aria-live="polite" className="mb-4 space-y-2">
        {actionData?.saved && <FormBanner tone="success">{t('adminShipping.saved')}</FormBanner>}
        {rowError && <FormBanner tone="error">{translateMessage(t, rowError)}</FormBanner>}
      </div>

      <nav aria-label={t('adminShipping.places.lists')} className="flex gap-1">
        {tab('lockers', t('adminShipping.places.lockers'))}
        {tab('points', t('adminShipping.places.points'))}
      </nav>
      <section className="mb-10 rounded-b-lg rounded-tr-lg border border-line bg-white p-4">
        <Form discover="none" method="get" className="mb-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="kind" value={query.kind} />
          <label className="text-sm font-semibold">
            {t('adminShipping.places.search')}
            <input type="search" name="q" defaultValue={query.q} className={`${adminFieldClass} w-72`} />
          </label>
          <button type="submit" className={smallButtonClass}>
            {t('adminShipping.show')}
          </button>
        </Form>
        {lockers && (
          <AdminResults
            count={t('adminShipping.places.count', { count: lockers.total })}
            empty={t('adminShipping.places.empty')}
            caption={t('adminShipping.places.lockers')}
            columns={lockerColumns(t)}
            rows={lockers.rows}
            rowKey={(l) => l.lockerId}
            page={lockers.page}
            lastPage={lockers.lastPage}
          />
        )}
        {points && (
          <AdminResults
            count={t('adminShipping.places.count', { count: points.total })}
            empty={t('adminShipping.places.empty')}
            caption={t('adminShipping.places.points')}
            columns={pointColumns(t)}
            rows={points.rows}
            rowKey={(p) => String(p.id)}
            page={points.page}
            lastPage={points.lastPage}
          />
        )}
      </section>

      <section aria-labelledby="import-title" className="mb-10 max-w-3xl rounded-lg border border-line bg-white p-6">
        <h2 id="import-title" className="mb-2 font-serif text-2xl font-bold">
          {t('adminShipping.import.title')}
        </h2>
        <p className="mb-2 text-sm">{t('adminShipping.import.help')}</p>
        <p className="mb-4 text-sm">
          {t('adminShipping.import.columns')} <code className="break-all font-mono">{columns.join(',')}</code>
        </p>
        <Form discover="none" method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-4">
          <input type="hidden" name="intent" value="preview" />
          <label className="text-sm font-semibold">
            {t('adminShipping.import.kind')}
            <select name="kind" defaultValue={query.kind} className={adminFieldClass}>
              <option value="lockers">{t('adminShipping.places.lockers')}</option>
              <option value="points">{t('adminShipping.places.points')}</option>
            </select>
          </label>
          <label className="text-sm font-semibold">
            {t('adminShipping.import.file')}
            <input
              type="file"
              name="file"
              accept=".csv,text/csv"
              aria-describedby={importError ? 'import-error' : undefined}
              className={adminFieldClass}
            />
          </label>
          <button type="submit" className={smallButtonClass}>
            {t('adminShipping.import.previewButton')}
          </button>
        </Form>
        {importError && (
          <p id="import-error" className="mt-2 text-sm font-semibold text-brand">
            {translateMessage(t, importError)}
          </p>
        )}
        {actionData?.imported && <ImportResult outcome={actionData.imported} />}
      </section>

      <section aria-labelledby="depot-title" className="max-w-2xl rounded-lg border border-line bg-white p-6">
        <h2 id="depot-title" className="mb-2 font-serif text-2xl font-bold">
          {t('adminShipping.depot.title')}
        </h2>
        <p className="mb-4 text-sm text-muted">{t('adminShipping.depot.help')}</p>
        <Form discover="none" method="post" {...getFormProps(depotForm)} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="depot" />
          {(
            [
              ['street', t('adminShipping.depot.street')],
              ['number', t('adminShipping.depot.number')],
              ['city', t('adminShipping.depot.city')],
              ['county', t('adminShipping.depot.county')],
              ['zip_code', t('adminShipping.depot.zip')],
            ] as const
          ).map(([name, label]) => {
            const props = inputProps(depotFields[name], { type: 'text' });
            return (
              <div key={name}>
                <label htmlFor={depotFields[name].id} className="font-semibold">
                  {label} <span aria-hidden="true">*</span>
                </label>
                <input {...props} className={inputClass} />
                <FieldError field={depotFields[name]} />
              </div>
            );
          })}
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass}>
              {t('adminShipping.depot.save')}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
