import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { isAppError } from '../../../contracts/errors';
import { staffPasswordSchema } from '../../../contracts/staff';
import { buttonClass, FormBanner, TextField } from '../../features/account/account-form';
import { AdminCard, AdminTitle } from '../../features/admin/admin-form';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useT } from '../../i18n/i18n';
import type { Route } from './+types/password';

export const handle = { i18n: ['admin', 'validation'] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, url, { step: 'password' });
  return {
    lang: context.prefs.lang,
    firstLogin: staff.mustChangePassword,
    done: url.searchParams.get('status') === 'done',
  };
}

/** The one-time password (or the current one) for a new one; other sessions of this member end. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, url, { step: 'password' });
  const submission = parseWithZod(await request.formData(), { schema: staffPasswordSchema });
  const hide = ['old_pass', 'new_pass', 'new_pass_confirmation'];
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: hide }) }, { status: 400 });
  try {
    await context.services.staff.changePassword(staff.id, submission.value, context.staffSession.token);
  } catch (err) {
    if (!isAppError(err) || !err.fields) throw err;
    return data(
      { result: submission.reply({ fieldErrors: toFieldErrors(err.fields), hideFields: hide }) },
      { status: err.status },
    );
  }
  // The dashboard, or the TOTP setup first when the role needs it (the guard decides).
  throw redirect(staff.mustChangePassword ? '/admin' : '/admin/password?status=done');
}

function toFieldErrors(fields: Record<string, string>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, [key]]));
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('admin.password.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

export default function AdminPassword({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: staffPasswordSchema }),
  });
  return (
    <AdminCard>
      <AdminTitle>{t('admin.password.title')}</AdminTitle>
      <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
        {loaderData.firstLogin && <FormBanner tone="error">{t('admin.password.firstLogin')}</FormBanner>}
        {loaderData.done && !actionData && <FormBanner tone="success">{t('admin.password.done')}</FormBanner>}
        <TextField
          field={fields.old_pass}
          label={t('admin.password.old')}
          type="password"
          autoComplete="current-password"
        />
        <TextField
          field={fields.new_pass}
          label={t('admin.password.new')}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          field={fields.new_pass_confirmation}
          label={t('admin.password.confirm')}
          type="password"
          autoComplete="new-password"
        />
        <button type="submit" className={buttonClass}>
          {t('admin.password.submit')}
        </button>
      </Form>
    </AdminCard>
  );
}
