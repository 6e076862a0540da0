import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form } from 'react-router';
import { type AdminExchangeRate, settingsActionSchema } from '../../../contracts/admin-shipping';
import { isAppError } from '../../../contracts/errors';
import { billNumber } from '../../../contracts/invoices';
import { buttonClass, FieldError, FormBanner, inputClass } from '../../features/account/account-form';
import { AdminTitle } from '../../features/admin/admin-form';
import { type AdminColumn, AdminTable } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type MessageKey, type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import type { Route } from './+types/settings';
import { inputProps } from '../../ui/input-props';

export const handle = { i18n: ['admin-shipping', 'validation'] };

export async function loader({ url, context }: Route.LoaderArgs) {
  await requireStaff(context, url, 'settings');
  const [rates, invoice] = await Promise.all([context.services.currency.stored(), context.services.settings.invoice()]);
  return { lang: context.prefs.lang, rates, invoice };
}

type RatesNotice = { ok: true; date: string } | { ok: false; message: string; status: number | null };

/**
 * The BNR update button and the invoice details' form. BNR out of reach is said on the page (the rates stay
 * as they were), with a 200: the request itself was right, and the admin may simply try again.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireStaff(context, url, 'settings');
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: settingsActionSchema });
  const form = String(formData.get('intent') ?? '');
  if (submission.status !== 'success') {
    return data({ form, result: submission.reply(), rates: null as RatesNotice | null, saved: false }, { status: 400 });
  }
  if (submission.value.intent === 'rates-update') {
    try {
      const stored = await context.services.currency.updateNow(me.id);
      return data({ form, result: null, rates: { ok: true, date: stored.date } as RatesNotice, saved: false });
    } catch (err) {
      if (!isAppError(err) || err.code !== 'UNAVAILABLE') throw err;
      const status = typeof err.params?.status === 'number' ? err.params.status : null;
      const rates: RatesNotice = { ok: false, message: err.messageKey ?? 'adminShipping.bnr.failedNetwork', status };
      return data({ form, result: null, rates, saved: false });
    }
  }
  const { intent: _intent, ...invoice } = submission.value;
  await context.services.settings.saveInvoice(me.id, invoice);
  return data({ form, result: submission.reply(), rates: null as RatesNotice | null, saved: true });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminShipping.settings.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function rateColumns(t: Translate, lang: string): AdminColumn<AdminExchangeRate>[] {
  const when = new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ro-RO', {
    timeZone: 'Europe/Bucharest',
    dateStyle: 'short',
    timeStyle: 'short',
  });
  return [
    { id: 'code', header: t('adminShipping.bnr.code'), cell: ({ row }) => row.original.code },
    {
      id: 'rate',
      header: t('adminShipping.bnr.ronPerUnit'),
      cell: ({ row }) => <span className="font-mono">{row.original.ronPerUnit}</span>,
    },
    {
      id: 'date',
      header: t('adminShipping.bnr.date'),
      cell: ({ row }) => <time dateTime={row.original.rateDate}>{row.original.rateDate}</time>,
    },
    {
      id: 'updated',
      header: t('adminShipping.bnr.updatedAt'),
      cell: ({ row }) => <time dateTime={row.original.updatedAt}>{when.format(new Date(row.original.updatedAt))}</time>,
    },
  ];
}

const INVOICE_FIELDS = ['name', 'cui', 'registration', 'address', 'bank', 'iban', 'series'] as const;

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { rates, invoice } = loaderData;
  const { lastNumber, ...values } = invoice;
  const [form, fields] = useForm({
    id: 'invoice-settings',
    defaultValue: values,
    lastResult: actionData?.form === 'invoice' ? actionData.result : null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsActionSchema }),
  });
  const notice = actionData?.rates;
  return (
    <>
      <AdminTitle>{t('adminShipping.settings.title')}</AdminTitle>

      <section aria-labelledby="rates-title" className="mb-10">
        <h2 id="rates-title" className="mb-2 font-serif text-2xl font-bold">
          {t('adminShipping.bnr.title')}
        </h2>
        <p className="mb-3 text-sm text-muted">{t('adminShipping.bnr.help')}</p>
        <div aria-live="polite" className="mb-3">
          {notice?.ok === true && (
            <FormBanner tone="success">{t('adminShipping.bnr.updated', { date: notice.date })}</FormBanner>
          )}
          {notice?.ok === false && (
            <FormBanner tone="error">{t(notice.message as MessageKey, { status: notice.status ?? '' })}</FormBanner>
          )}
        </div>
        {rates.length === 0 ? (
          <p className="mb-3">{t('adminShipping.bnr.none')}</p>
        ) : (
          <div className="mb-3 max-w-2xl">
            <AdminTable
              caption={t('adminShipping.bnr.title')}
              columns={rateColumns(t, lang)}
              rows={rates}
              rowKey={(r) => r.code}
            />
          </div>
        )}
        <Form discover="none" method="post" className="max-w-2xl">
          <input type="hidden" name="intent" value="rates-update" />
          <button type="submit" className={buttonClass}>
            {t('adminShipping.bnr.updateNow')}
          </button>
        </Form>
      </section>

      <section aria-labelledby="invoice-title" className="max-w-2xl rounded-lg border border-line bg-white p-6">
        <h2 id="invoice-title" className="mb-2 font-serif text-2xl font-bold">
          {t('adminShipping.invoice.title')}
        </h2>
        <p className="mb-2 text-sm">{t('adminShipping.invoice.help')}</p>
        <p className="mb-4 text-sm" data-testid="invoice-last-number">
          {lastNumber === null
            ? t('adminShipping.invoice.noneYet', { series: values.series })
            : t('adminShipping.invoice.last', { bill: billNumber(values.series, lastNumber) })}
        </p>
        <div aria-live="polite" className="mb-3">
          {actionData?.saved && <FormBanner tone="success">{t('adminShipping.saved')}</FormBanner>}
        </div>
        <Form discover="none" method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="invoice" />
          {INVOICE_FIELDS.map((name) => {
            const props = inputProps(fields[name], { type: 'text' });
            return (
              <div key={name} className={name === 'name' || name === 'address' ? 'sm:col-span-2' : undefined}>
                <label htmlFor={fields[name].id} className="font-semibold">
                  {t(`adminShipping.invoice.${name}`)} <span aria-hidden="true">*</span>
                </label>
                <input {...props} className={inputClass} />
                <FieldError field={fields[name]} />
              </div>
            );
          })}
          <p className="text-sm text-muted sm:col-span-2">{t('adminShipping.invoice.seriesHelp')}</p>
          <div className="sm:col-span-2">
            <button type="submit" className={buttonClass}>
              {t('adminShipping.invoice.save')}
            </button>
          </div>
        </Form>
      </section>
    </>
  );
}
