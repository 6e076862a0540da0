import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect } from 'react-router';
import {
  type CaseFormInput,
  type CaseFormValues,
  caseFormSchema,
  contentIdSchema,
  MAX_CASE_ACCOUNTS,
} from '../../../contracts/admin-content';
import { CASE_STATUSES } from '../../../contracts/cases';
import { parseQuery } from '../../../contracts/errors';
import { DISPLAY_CURRENCIES } from '../../../contracts/money';
import { FormBanner } from '../../features/account/account-form';
import { AdminTitle, fieldRows, rowKey, smallButtonClass } from '../../features/admin/admin-form';
import {
  fieldGridClass,
  FormSection,
  InputField,
  primaryButtonClass,
  SelectField,
  TextAreaField,
} from '../../features/admin/content-form';
import { parseContentForm, refusalReply } from '../../features/admin/content-form.server';
import { ImagesField } from '../../features/admin/images-field';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/case-edit';

export const handle = { i18n: ['admin-content', 'validation'] };

/** `/admin/cases/new` has no id; `/admin/cases/:id` a numeric one (anything else is the 404 page). */
function caseId(params: { id?: string }): number | null {
  return params.id === undefined ? null : parseQuery(contentIdSchema, params.id);
}

const NEW_CASE: CaseFormValues = {
  caseTitle: '',
  beneficiaryName: '',
  age: '',
  diagnosis: '',
  caseDescription: '',
  categoryId: '',
  status: 'active',
  currency: 'RON',
  necessarySum: '',
  treatmentCost: '',
  deadline: '',
  location: '',
  hospitalLocation: '',
  beneficiaryAccountHolder: '',
  thumbnail: '',
  images: [],
  accounts: [{ currency: 'RON', iban: '', bank: '', branch: '', swift: '' }],
  manager: { name: '', email: '', telephone: '', schedule: '' },
};

export const loader = withPageErrors(async ({ url, params, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const id = caseId(params);
  const cases = context.services.adminContent.cases;
  const [categories, existing] = await Promise.all([cases.categories(), id === null ? null : cases.formValues(id)]);
  return {
    lang: context.prefs.lang,
    id,
    values: existing ?? NEW_CASE,
    path: existing?.path ?? null,
    demo: existing?.demo ?? false,
    categories,
    saved: url.searchParams.get('status') === 'saved',
  };
});

/** Saves the case (one transaction with its audit row) and comes back here; Conform's add/remove row buttons answer the form without saving. */
export const action = withPageErrors(async ({ request, url, params, context }: Route.ActionArgs) => {
  const me = await requireStaff(context, url, 'content');
  const id = caseId(params);
  const submission = parseContentForm(await request.formData(), caseFormSchema);
  if (submission.status !== 'success') {
    return data({ result: submission.reply(), preview: null }, { status: submission.status === 'error' ? 400 : 200 });
  }
  const cases = context.services.adminContent.cases;
  let saved = id;
  try {
    // New photos are stored first (the picture store, decision 023); the case then keeps their addresses.
    const input = { ...submission.value, images: await context.services.media.gallery(submission.value) };
    if (id === null) saved = await cases.create(me.id, input);
    else await cases.update(me.id, id, input);
  } catch (err) {
    return refusalReply(submission, err);
  }
  throw redirect(`/admin/cases/${saved}?status=saved`);
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  const title = loaded?.id ? t('adminContent.cases.edit') : t('adminContent.cases.new');
  return [{ title: `${title} | ${t('admin.brand')}` }, { name: 'robots', content: 'noindex, nofollow' }];
};

/** The form's fields: the values it starts with, and the new photos' file input. */
type CaseFormFields = { [K in keyof CaseFormValues]: CaseFormValues[K] } & { newImages: File[] };

export default function AdminCaseEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { id, values, categories, saved, path, demo } = loaderData;
  const [form, fields] = useForm<CaseFormFields, CaseFormInput>({
    id: `case-${id ?? 'new'}`,
    defaultValue: values,
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: caseFormSchema }),
  });
  const accounts = fieldRows(fields.accounts);
  const manager = fields.manager.getFieldset();
  const currencyOptions = DISPLAY_CURRENCIES.map((c) => ({ value: c, label: c }));
  return (
    <>
      <p className="mb-2 text-sm">
        <Link discover="none" to="/admin/cases" className="text-brand underline">
          {t('adminContent.cases.back')}
        </Link>
      </p>
      <AdminTitle>{id ? t('adminContent.cases.edit') : t('adminContent.cases.new')}</AdminTitle>
      <div className="mb-4 space-y-2" aria-live="polite">
        {saved && <FormBanner tone="success">{t('adminContent.saved')}</FormBanner>}
        {form.errors?.length ? <FormBanner tone="error">{translateMessage(t, form.errors[0])}</FormBanner> : null}
        {demo && <p className="text-sm text-muted">{t('adminContent.cases.demo')}</p>}
        {path && (
          <p className="text-sm">
            <a href={path} className="text-brand underline">
              {t('adminContent.cases.onShop')}
            </a>
          </p>
        )}
      </div>
      <Form discover="none" method="post" encType="multipart/form-data" {...getFormProps(form)} className="space-y-6">
        <FormSection title={t('adminContent.cases.sectionCase')}>
          <InputField field={fields.caseTitle} label={t('adminContent.cases.caseTitle')} />
          <div className={fieldGridClass}>
            <InputField field={fields.beneficiaryName} label={t('adminContent.cases.beneficiaryName')} />
            <InputField
              field={fields.age}
              label={t('adminContent.cases.age')}
              inputMode="numeric"
              required={false}
              hint={t('adminContent.cases.ageHint')}
            />
            <InputField field={fields.diagnosis} label={t('adminContent.cases.diagnosis')} />
            <SelectField
              field={fields.categoryId}
              label={t('adminContent.cases.category')}
              options={[
                { value: '', label: t('adminContent.choose') },
                ...categories.map((c) => ({ value: String(c.id), label: c.name })),
              ]}
            />
            <SelectField
              field={fields.status}
              label={t('adminContent.cases.status')}
              options={CASE_STATUSES.map((s) => ({ value: s, label: t(`adminContent.cases.status.${s}`) }))}
            />
            <InputField field={fields.location} label={t('adminContent.cases.location')} />
            <InputField field={fields.hospitalLocation} label={t('adminContent.cases.hospitalLocation')} />
          </div>
          <TextAreaField field={fields.caseDescription} label={t('adminContent.cases.caseDescription')} rows={8} />
        </FormSection>

        <FormSection title={t('adminContent.cases.sectionMoney')}>
          <div className={fieldGridClass}>
            <SelectField field={fields.currency} label={t('adminContent.cases.currency')} options={currencyOptions} />
            <InputField
              field={fields.necessarySum}
              label={t('adminContent.cases.necessarySum')}
              inputMode="decimal"
              hint={t('adminContent.amountHint')}
            />
            <InputField
              field={fields.treatmentCost}
              label={t('adminContent.cases.treatmentCost')}
              inputMode="decimal"
              hint={t('adminContent.amountHint')}
            />
            <InputField field={fields.deadline} label={t('adminContent.cases.deadline')} type="date" />
            <InputField
              field={fields.beneficiaryAccountHolder}
              label={t('adminContent.cases.beneficiaryAccountHolder')}
            />
          </div>
        </FormSection>

        <FormSection title={t('adminContent.cases.sectionAccounts')}>
          <p className="text-sm text-muted">{t('adminContent.cases.accountsHint')}</p>
          {fields.accounts.errors?.length ? (
            <p id={fields.accounts.errorId} className="text-sm font-semibold text-brand">
              {translateMessage(t, fields.accounts.errors[0])}
            </p>
          ) : null}
          <ol className="space-y-4">
            {accounts.map((account, index) => {
              const a = account.getFieldset();
              return (
                <li key={rowKey(account, index)} className="rounded border border-line p-4">
                  <fieldset>
                    <legend className="mb-2 font-semibold">{t('adminContent.cases.account', { n: index + 1 })}</legend>
                    <div className={fieldGridClass}>
                      <SelectField
                        field={a.currency}
                        label={t('adminContent.cases.currency')}
                        options={currencyOptions}
                      />
                      <InputField field={a.iban} label={t('adminContent.cases.iban')} />
                      <InputField field={a.bank} label={t('adminContent.cases.bank')} />
                      <InputField field={a.branch} label={t('adminContent.cases.branch')} required={false} />
                      <InputField field={a.swift} label={t('adminContent.cases.swift')} required={false} />
                    </div>
                    {accounts.length > 1 && (
                      <button
                        {...form.remove.getButtonProps({ name: fields.accounts.name, index })}
                        className={`${smallButtonClass} mt-3`}
                      >
                        {t('adminContent.cases.removeAccount', { n: index + 1 })}
                      </button>
                    )}
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {accounts.length < MAX_CASE_ACCOUNTS && (
            <button
              {...form.insert.getButtonProps({
                name: fields.accounts.name,
                defaultValue: { currency: 'RON', iban: '', bank: '', branch: '', swift: '' },
              })}
              className={smallButtonClass}
            >
              {t('adminContent.cases.addAccount')}
            </button>
          )}
        </FormSection>

        <FormSection title={t('adminContent.cases.sectionManager')}>
          <div className={fieldGridClass}>
            <InputField field={manager.name} label={t('adminContent.cases.managerName')} />
            <InputField field={manager.email} label={t('adminContent.cases.managerEmail')} type="email" />
            <InputField field={manager.telephone} label={t('adminContent.cases.managerTelephone')} type="tel" />
            <InputField field={manager.schedule} label={t('adminContent.cases.managerSchedule')} />
          </div>
        </FormSection>

        <FormSection title={t('adminContent.cases.sectionImages')}>
          <InputField
            field={fields.thumbnail}
            label={t('adminContent.cases.thumbnail')}
            required={false}
            hint={t('adminContent.cases.thumbnailHint')}
          />
          <ImagesField legend={t('adminContent.cases.images')} images={values.images} field={fields.newImages} />
        </FormSection>

        <button type="submit" className={primaryButtonClass}>
          {t('adminContent.save')}
        </button>
      </Form>
    </>
  );
}
