import { getFormProps, getSelectProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form } from 'react-router';
import { isAppError } from '../../../contracts/errors';
import { STAFF_ROLES, type StaffListItem, staffActionSchema } from '../../../contracts/staff';
import { buttonClass, FieldError, FormBanner, inputClass, TextField } from '../../features/account/account-form';
import { AdminTitle, smallButtonClass } from '../../features/admin/admin-form';
import { type AdminColumn, AdminTable } from '../../features/admin/admin-table';
import { requireStaff } from '../../features/admin/require-staff.server';
import { type Translate, translator, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import type { Route } from './+types/staff';

export const handle = { i18n: ['admin', 'validation'] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const me = await requireStaff(context, url, 'staff');
  return { lang: context.prefs.lang, me: me.id, staff: await context.services.staff.list() };
}

/**
 * Every button of the screen posts here with its `intent` (one schema); each write is audited by the
 * service in its own transaction. A one-time password is answered once, in this response only.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const me = await requireStaff(context, url, 'staff');
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: staffActionSchema });
  // Which form answered: the create form shows its own errors, a row's refusal shows above the table.
  const form = formData.get('intent') === 'create' ? ('create' as const) : ('row' as const);
  if (submission.status !== 'success') return data({ form, result: submission.reply(), notice: null }, { status: 400 });
  const input = submission.value;
  const staff = context.services.staff;
  try {
    switch (input.intent) {
      case 'create': {
        const created = await staff.create(input, me.id);
        const notice = { kind: 'created' as const, email: created.staff.email, password: created.password };
        return data({ form, result: submission.reply({ resetForm: true }), notice });
      }
      case 'reset-password': {
        const password = await staff.resetPassword(me.id, input.id);
        const [target] = (await staff.list()).filter((s) => s.id === input.id);
        return data({
          form,
          result: null,
          notice: { kind: 'password' as const, email: target?.email ?? '', password },
        });
      }
      case 'role':
        await staff.setRole(me.id, input.id, input.role);
        break;
      case 'disable':
      case 'enable':
        await staff.setEnabled(me.id, input.id, input.intent === 'enable');
        break;
      case 'reset-totp':
        await staff.resetTotp(me.id, input.id);
        break;
    }
  } catch (err) {
    if (!isAppError(err) || err.status >= 500) throw err;
    const fieldErrors = Object.fromEntries(Object.entries(err.fields ?? {}).map(([name, key]) => [name, [key]]));
    const formErrors = err.fields ? [] : [err.messageKey ?? `apiError.${err.code}`];
    return data({ form, result: submission.reply({ fieldErrors, formErrors }), notice: null }, { status: err.status });
  }
  return data({ form, result: null, notice: { kind: 'changed' as const, email: '', password: '' } });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('admin.staff.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

function RowAction({ id, intent, label }: { id: number; intent: string; label: string }) {
  return (
    <Form discover="none" method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" className={smallButtonClass}>
        {label}
      </button>
    </Form>
  );
}

function columns(t: Translate, me: number): AdminColumn<StaffListItem>[] {
  return [
    {
      id: 'name',
      header: t('admin.staff.name'),
      cell: ({ row }) => (
        <>
          {row.original.name} {row.original.id === me && <span className="text-muted">{t('admin.staff.you')}</span>}
        </>
      ),
    },
    { id: 'email', header: t('admin.staff.email'), cell: ({ row }) => row.original.email },
    { id: 'role', header: t('admin.staff.role'), cell: ({ row }) => t(`admin.role.${row.original.role}`) },
    {
      id: 'status',
      header: t('admin.staff.status'),
      cell: ({ row }) => (row.original.enabled ? t('admin.staff.active') : t('admin.staff.disabled')),
    },
    {
      id: 'totp',
      header: t('admin.staff.totp'),
      cell: ({ row }) => (row.original.totpEnabled ? t('admin.staff.totpOn') : t('admin.staff.totpOff')),
    },
    {
      id: 'actions',
      header: t('admin.staff.actions'),
      cell: ({ row }) => {
        const s = row.original;
        if (s.id === me) return null;
        const selectId = `role-${s.id}`;
        return (
          <div className="flex flex-wrap items-center gap-2">
            <Form discover="none" method="post" className="flex items-center gap-2">
              <input type="hidden" name="intent" value="role" />
              <input type="hidden" name="id" value={s.id} />
              <label htmlFor={selectId} className="sr-only">
                {t('admin.staff.roleFor', { name: s.name })}
              </label>
              <select
                id={selectId}
                name="role"
                defaultValue={s.role}
                className="rounded border border-muted bg-white px-2 py-1.5"
              >
                {STAFF_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`admin.role.${r}`)}
                  </option>
                ))}
              </select>
              <button type="submit" className={smallButtonClass}>
                {t('admin.staff.changeRole')}
              </button>
            </Form>
            {s.enabled ? (
              <RowAction id={s.id} intent="disable" label={t('admin.staff.disable')} />
            ) : (
              <RowAction id={s.id} intent="enable" label={t('admin.staff.enable')} />
            )}
            {s.totpEnabled && <RowAction id={s.id} intent="reset-totp" label={t('admin.staff.resetTotp')} />}
            <RowAction id={s.id} intent="reset-password" label={t('admin.staff.resetPassword')} />
          </div>
        );
      },
    },
  ];
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [form, fields] = useForm({
    id: 'staff-create',
    // A reset after a member is added puts the role back to this, not to an empty select.
    defaultValue: { role: 'editor' },
    lastResult: actionData?.form === 'create' ? actionData.result : null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffActionSchema }),
  });
  const notice = actionData?.notice;
  const rowError =
    actionData?.result && actionData.result.initialValue?.intent !== 'create' ? actionData.result.error : null;
  const rowMessage = rowError ? Object.values(rowError).flat()[0] : null;
  return (
    <>
      <AdminTitle>{t('admin.staff.title')}</AdminTitle>
      <div className="mb-6 space-y-2" aria-live="polite">
        {notice?.kind === 'created' && (
          <FormBanner tone="success">
            {t('admin.staff.created', { email: notice.email })}{' '}
            <code data-testid="one-time-password">{notice.password}</code>
          </FormBanner>
        )}
        {notice?.kind === 'password' && (
          <FormBanner tone="success">
            {t('admin.staff.passwordReset', { email: notice.email })}{' '}
            <code data-testid="one-time-password">{notice.password}</code>
          </FormBanner>
        )}
        {notice?.kind === 'changed' && <FormBanner tone="success">{t('admin.staff.changed')}</FormBanner>}
        {rowMessage && <FormBanner tone="error">{translateMessage(t, rowMessage)}</FormBanner>}
      </div>
      <AdminTable
        caption={t('admin.staff.title')}
        columns={columns(t, loaderData.me)}
        rows={loaderData.staff}
        rowKey={(s) => String(s.id)}
      />
      <section
        aria-labelledby="staff-create-title"
        className="mt-10 max-w-lg rounded-lg border border-line bg-white p-6"
      >
        <h2 id="staff-create-title" className="mb-4 font-serif text-2xl font-bold">
          {t('admin.staff.create')}
        </h2>
        <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
          {form.errors?.length ? <FormBanner tone="error">{translateMessage(t, form.errors[0])}</FormBanner> : null}
          <input type="hidden" name="intent" value="create" />
          <TextField field={fields.email} label={t('admin.staff.email')} type="email" autoComplete="off" />
          <TextField field={fields.name} label={t('admin.staff.name')} type="text" autoComplete="off" />
          <div>
            <label htmlFor={fields.role.id} className="font-semibold">
              {t('admin.staff.role')} <span aria-hidden="true">*</span>
            </label>
            <select {...selectProps(getSelectProps(fields.role))} className={inputClass}>
              {STAFF_ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`admin.role.${r}`)}
                </option>
              ))}
            </select>
            <FieldError field={fields.role} />
          </div>
          <button type="submit" className={buttonClass}>
            {t('admin.staff.add')}
          </button>
        </Form>
      </section>
    </>
  );
}

/** Conform's props without `required`: the schema's message shows, not the browser's bubble. */
function selectProps<P extends { required?: boolean }>(props: P) {
  const { required: _native, ...rest } = props;
  return rest;
}
