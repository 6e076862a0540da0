import { type FieldMetadata, getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form } from 'react-router';
import {
  type AdminCarrier,
  type AdminRate,
  shippingActionSchema,
  shippingQuerySchema,
} from '../../../contracts/admin-shipping';
import { parseQuery } from '../../../contracts/errors';
import { countryList } from '../../../contracts/geography';
import { type Bani, baniToDecimal } from '../../../contracts/money';
import { buttonClass, FieldError, FormBanner, inputClass } from '../../features/account/account-form';
import { AdminTitle, adminFieldClass, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminTable } from '../../features/admin/admin-table';
import { refusalReply } from '../../features/admin/form-reply.server';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useLanguage, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/shipping';
import { inputProps } from '../../ui/input-props';

export const handle = { i18n: ['admin-shipping', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'shipping');
  const query = parseQuery(shippingQuerySchema, Object.fromEntries(url.searchParams));
  const admin = context.services.shippingAdmin;
  const [carriers, rates, minimum] = await Promise.all([
    admin.carriers(),
    admin.rates(query.carrier, query.country),
    admin.minimumOf(query.carrier, query.country),
  ]);
  return { lang: context.prefs.lang, query, carriers, rates, minimum };
});

/**
 * Every form of the screen posts here with its `intent`; the shipping admin service writes each change with
 * its audit row in one transaction and clears the shop's carrier caches. `form` names the form that answers.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireStaff(context, url, 'shipping');
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: shippingActionSchema });
  const intent = String(formData.get('intent') ?? '');
  const id = String(formData.get('id') ?? '');
  const form = intent === 'carrier' || intent === 'rate-edit' || intent === 'rate-delete' ? `${intent}-${id}` : intent;
  if (submission.status !== 'success') return data({ form, result: submission.reply(), saved: false }, { status: 400 });
  const input = submission.value;
  const admin = context.services.shippingAdmin;
  try {
    switch (input.intent) {
      case 'carrier':
        await admin.updateCarrier(me.id, input.id, input);
        break;
      case 'rate-add':
        await admin.addRate(me.id, input);
        return data({ form, result: submission.reply({ resetForm: true }), saved: true });
      case 'rate-edit':
        await admin.editRate(me.id, input.id, input);
        break;
      case 'rate-delete':
        await admin.deleteRate(me.id, input.id);
        break;
      case 'minimum':
        await admin.setFreeMinimum(me.id, input.carrierId, input.countryId, input.minimum);
        break;
    }
  } catch (err) {
    const { result, status } = refusalReply(submission, err);
    return data({ form, result, saved: false }, { status });
  }
  return data({ form, result: submission.reply(), saved: true });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminShipping.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

/** Bani as the lei an input shows ("19,90"), parsed back by the schema. */
const leiValue = (bani: Bani | null) => (bani === null ? '' : baniToDecimal(bani).replace('.', ','));

/** A row's field: its input belongs to the row's form (`form` attribute), its label is read, not shown. */
function RowInput({
  form,
  name,
  label,
  defaultValue,
  size = 'min-w-24',
}: {
  form: string;
  name: string;
  label: string;
  defaultValue: string;
  size?: string;
}) {
  const id = `${form}-${name}`;
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} form={form} name={name} defaultValue={defaultValue} className={`${adminFieldClass} ${size}`} />
    </>
  );
}

function carrierColumns(t: Translate): AdminColumn<AdminCarrier>[] {
  return [
    {
      id: 'name',
      header: t('adminShipping.carrier.name'),
      cell: ({ row }) => (
        <RowInput
          form={`carrier-${row.original.id}`}
          name="name"
          label={t('adminShipping.carrier.nameOf', { id: row.original.id })}
          defaultValue={row.original.name}
          size="min-w-56"
        />
      ),
    },
    {
      id: 'tracking',
      header: t('adminShipping.carrier.trackingUrl'),
      cell: ({ row }) => (
        <RowInput
          form={`carrier-${row.original.id}`}
          name="trackingUrl"
          label={t('adminShipping.carrier.trackingUrlOf', { name: row.original.name })}
          defaultValue={row.original.trackingUrl ?? ''}
          size="min-w-96"
        />
      ),
    },
    {
      id: 'active',
      header: t('adminShipping.carrier.active'),
      cell: ({ row }) => (
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            form={`carrier-${row.original.id}`}
            name="active"
            defaultChecked={row.original.active}
            className="h-5 w-5"
          />
          <span className="sr-only">{t('adminShipping.carrier.activeOf', { name: row.original.name })}</span>
        </label>
      ),
    },
    {
      id: 'save',
      header: t('adminShipping.actions'),
      cell: ({ row }) => (
        <Form discover="none" method="post" id={`carrier-${row.original.id}`}>
          <input type="hidden" name="intent" value="carrier" />
          <input type="hidden" name="id" value={row.original.id} />
          <button type="submit" className={smallButtonClass}>
            {t('adminShipping.save')}
            <span className="sr-only"> {row.original.name}</span>
          </button>
        </Form>
      ),
    },
  ];
}

function rateColumns(t: Translate): AdminColumn<AdminRate>[] {
  const input = (name: keyof AdminRate, label: string, value: (r: AdminRate) => string) =>
    ({
      id: name,
      header: label,
      cell: ({ row }) => (
        <RowInput
          form={`rate-edit-${row.original.id}`}
          name={name}
          label={`${label} (${row.original.maxWeightGrams ?? t('adminShipping.rate.anyWeight')})`}
          defaultValue={value(row.original)}
        />
      ),
    }) satisfies AdminColumn<AdminRate>;
  return [
    input('maxWeightGrams', t('adminShipping.rate.maxWeight'), (r) =>
      r.maxWeightGrams === null ? '' : String(r.maxWeightGrams),
    ),
    input('price', t('adminShipping.rate.price'), (r) => leiValue(r.price)),
    input('realCost', t('adminShipping.rate.realCost'), (r) => leiValue(r.realCost)),
    input('deliveryTime', t('adminShipping.rate.deliveryTime'), (r) => r.deliveryTime ?? ''),
    {
      id: 'actions',
      header: t('adminShipping.actions'),
      cell: ({ row }) => {
        const r = row.original;
        const band = r.maxWeightGrams === null ? t('adminShipping.rate.anyWeight') : `${r.maxWeightGrams} g`;
        return (
          <div className="flex flex-wrap gap-2">
            <Form discover="none" method="post" id={`rate-edit-${r.id}`}>
              <input type="hidden" name="intent" value="rate-edit" />
              <input type="hidden" name="id" value={r.id} />
              <input type="hidden" name="carrierId" value={r.carrierId} />
              <input type="hidden" name="countryId" value={r.countryId} />
              <button type="submit" className={smallButtonClass}>
                {t('adminShipping.save')}
                <span className="sr-only"> {band}</span>
              </button>
            </Form>
            <Form discover="none" method="post">
              <input type="hidden" name="intent" value="rate-delete" />
              <input type="hidden" name="id" value={r.id} />
              <button type="submit" className={smallButtonClass}>
                {t('adminShipping.delete')}
                <span className="sr-only"> {band}</span>
              </button>
            </Form>
          </div>
        );
      },
    },
  ];
}

export default function AdminShipping({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { query, carriers, rates, minimum } = loaderData;
  const carrierName = carriers.find((c) => c.id === query.carrier)?.name ?? '';
  const countries = countryList(lang === 'en' ? 'en' : 'ro');
  const countryName = countries.find((c) => c.country_id === query.country)?.country_name ?? query.country;
  const [addForm, addFields] = useForm({
    id: `rate-add-${query.carrier}-${query.country}`,
    lastResult: actionData?.form === 'rate-add' ? actionData.result : null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shippingActionSchema }),
  });
  const [minForm, minFields] = useForm({
    id: `minimum-${query.carrier}-${query.country}`,
    lastResult: actionData?.form === 'minimum' ? actionData.result : null,
    shouldValidate: 'onBlur',
    // A fixed message goes as soon as the amount is right, not on the blur of the click (which moved the button).
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: shippingActionSchema }),
  });
  // A row's refusal shows above its table, naming the field's message.
  const rowError =
    actionData && !actionData.saved && actionData.form !== 'rate-add' && actionData.form !== 'minimum'
      ? Object.values(actionData.result.error ?? {}).flat()[0]
      : undefined;
  const rowErrorFor = (prefix: string) => (rowError && actionData?.form.startsWith(prefix) ? rowError : undefined);
  const carrierError = rowErrorFor('carrier-');
  const rateError = rowErrorFor('rate-');
  const input = (field: FieldMetadata<unknown>) => {
    const props = inputProps(field, { type: 'text' });
    return props;
  };
  return (
    <>
      <AdminTitle>{t('adminShipping.title')}</AdminTitle>
      <div aria-live="polite" className="mb-4">
        {actionData?.saved && <FormBanner tone="success">{t('adminShipping.saved')}</FormBanner>}
      </div>

      <section aria-labelledby="carriers-title" className="mb-10">
        <h2 id="carriers-title" className="mb-2 font-serif text-2xl font-bold">
          {t('adminShipping.carriers')}
        </h2>
        <p className="mb-3 text-sm text-muted">{t('adminShipping.carriers.help')}</p>
        {carrierError && (
          <div className="mb-3">
            <FormBanner tone="error">{translateMessage(t, carrierError)}</FormBanner>
          </div>
        )}
        <AdminTable
          caption={t('adminShipping.carriers')}
          columns={carrierColumns(t)}
          rows={carriers}
          rowKey={(c) => String(c.id)}
        />
      </section>

      <section aria-labelledby="rates-title">
        <h2 id="rates-title" className="mb-2 font-serif text-2xl font-bold">
          {t('adminShipping.rates')}
        </h2>
        <Form
          discover="none"
          method="get"
          className="mb-4 flex flex-wrap items-end gap-4 rounded-lg border border-line bg-white p-4"
        >
          <label className="text-sm font-semibold">
            {t('adminShipping.rate.carrier')}
            <select name="carrier" defaultValue={query.carrier} className={adminFieldClass}>
              {carriers.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold">
            {t('adminShipping.rate.country')}
            <select name="country" defaultValue={query.country} className={adminFieldClass}>
              {countries.map((c) => (
                <option key={c.country_id} value={c.country_id}>
                  {c.country_name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={smallButtonClass}>
            {t('adminShipping.show')}
          </button>
        </Form>

        <h3 className="mb-2 text-xl font-bold">
          {t('adminShipping.rates.of', { carrier: carrierName, country: countryName })}
        </h3>

        <Form
          discover="none"
          method="post"
          {...getFormProps(minForm)}
          className="mb-6 flex flex-wrap items-end gap-3 rounded-lg border border-line bg-white p-4"
        >
          <input type="hidden" name="intent" value="minimum" />
          <input type="hidden" name="carrierId" value={query.carrier} />
          <input type="hidden" name="countryId" value={query.country} />
          <div>
            <label htmlFor={minFields.minimum.id} className="text-sm font-semibold">
              {t('adminShipping.minimum.label')}
            </label>
            <input
              {...input(minFields.minimum)}
              key={`${query.carrier}-${query.country}-${minimum}`}
              defaultValue={leiValue(minimum)}
              inputMode="decimal"
              className={`${adminFieldClass} w-40`}
            />
            <FieldError field={minFields.minimum} />
          </div>
          <button type="submit" className={smallButtonClass}>
            {t('adminShipping.minimum.save')}
          </button>
          <p className="w-full text-sm text-muted">{t('adminShipping.minimum.help')}</p>
          {minForm.errors?.length ? (
            <FormBanner tone="error">{translateMessage(t, minForm.errors[0])}</FormBanner>
          ) : null}
        </Form>

        {rateError && (
          <div className="mb-3">
            <FormBanner tone="error">{translateMessage(t, rateError)}</FormBanner>
          </div>
        )}
        {rates.length === 0 ? (
          <p className="mb-6">{t('adminShipping.rates.none')}</p>
        ) : (
          <AdminTable
            caption={t('adminShipping.rates.of', { carrier: carrierName, country: countryName })}
            columns={rateColumns(t)}
            rows={rates}
            rowKey={(r) => String(r.id)}
          />
        )}
        <p className="mt-2 text-sm text-muted">{t('adminShipping.rates.help')}</p>

        <section aria-labelledby="rate-add-title" className="mt-6 max-w-2xl rounded-lg border border-line bg-white p-6">
          <h3 id="rate-add-title" className="mb-4 text-xl font-bold">
            {t('adminShipping.rate.add')}
          </h3>
          <Form discover="none" method="post" {...getFormProps(addForm)} className="grid gap-4 sm:grid-cols-2">
            {addForm.errors?.length ? (
              <div className="sm:col-span-2">
                <FormBanner tone="error">{translateMessage(t, addForm.errors[0])}</FormBanner>
              </div>
            ) : null}
            <input type="hidden" name="intent" value="rate-add" />
            <input type="hidden" name="carrierId" value={query.carrier} />
            <input type="hidden" name="countryId" value={query.country} />
            {(
              [
                ['maxWeightGrams', t('adminShipping.rate.maxWeight'), 'numeric'],
                ['price', t('adminShipping.rate.price'), 'decimal'],
                ['realCost', t('adminShipping.rate.realCost'), 'decimal'],
                ['deliveryTime', t('adminShipping.rate.deliveryTime'), 'text'],
              ] as const
            ).map(([name, label, mode]) => (
              <div key={name}>
                <label htmlFor={addFields[name].id} className="font-semibold">
                  {label}
                </label>
                <input {...input(addFields[name])} inputMode={mode} className={inputClass} />
                <FieldError field={addFields[name]} />
              </div>
            ))}
            <div className="sm:col-span-2">
              <button type="submit" className={buttonClass}>
                {t('adminShipping.rate.addButton')}
              </button>
            </div>
          </Form>
        </section>
      </section>
    </>
  );
}
