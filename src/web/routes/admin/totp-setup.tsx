import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { isAppError } from '../../../contracts/errors';
import { totpConfirmSchema, TOTP_REQUIRED_ROLES } from '../../../contracts/staff';
import { buttonClass, FieldError, FormBanner, inputClass } from '../../features/account/account-form';
import { AdminCard, AdminTitle } from '../../features/admin/admin-form';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useT } from '../../i18n/i18n';
import type { Route } from './+types/totp-setup';
import { inputProps } from '../../ui/input-props';

export const handle = { i18n: ['admin', 'validation'] };

/** The secret (QR code and manual key) until a code confirms it; afterwards only that TOTP is on. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const staff = await requireStaff(context, url, { step: 'totp' });
  const setup = await context.services.staff.totpSetup(staff.id);
  return {
    lang: context.prefs.lang,
    required: TOTP_REQUIRED_ROLES.includes(staff.role),
    // Grouped by four as apps print it, easier to type; the app ignores the spaces.
    setup: setup && { key: setup.secret.replace(/(.{4})/g, '$1 ').trim(), qrSvg: setup.qrSvg },
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const staff = await requireStaff(context, url, { step: 'totp' });
  const submission = parseWithZod(await request.formData(), { schema: totpConfirmSchema });
  if (submission.status !== 'success')
    return data({ result: submission.reply({ hideFields: ['code'] }) }, { status: 400 });
  try {
    await context.services.staff.totpConfirm(staff.id, submission.value.code);
  } catch (err) {
    if (!isAppError(err) || !err.fields) throw err;
    const fieldErrors = Object.fromEntries(Object.entries(err.fields).map(([name, key]) => [name, [key]]));
    return data({ result: submission.reply({ fieldErrors, hideFields: ['code'] }) }, { status: err.status });
  }
  throw redirect('/admin');
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('admin.totp.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

export default function TotpSetup({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const [form, fields] = useForm({
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onSubmit',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: totpConfirmSchema }),
  });
  const { setup } = loaderData;
  const codeProps = inputProps(fields.code, { type: 'text' });
  return (
    <AdminCard>
      <AdminTitle>{t('admin.totp.title')}</AdminTitle>
      {!setup ? (
        <FormBanner tone="success">{t('admin.totp.enabled')}</FormBanner>
      ) : (
        <div className="space-y-4">
          {loaderData.required && <p className="font-semibold">{t('admin.totp.required')}</p>}
          <p>{t('admin.totp.intro')}</p>
          {/* The SVG is the qrcode package's output for our own otpauth URI, made on the server: no user text. */}
          <div
            role="img"
            aria-label={t('admin.totp.qr')}
            className="mx-auto w-56 border border-line bg-white"
            dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
          />
          <div>
            <p className="font-semibold">{t('admin.totp.key')}</p>
            <p className="mt-1 rounded bg-paper p-3 font-mono text-lg tracking-wider" data-testid="totp-key">
              {setup.key}
            </p>
            <p className="mt-1 text-sm text-muted">{t('admin.totp.keyNote')}</p>
          </div>
          <Form discover="none" method="post" {...getFormProps(form)} className="space-y-4">
            <div>
              <label htmlFor={fields.code.id} className="font-semibold">
                {t('admin.totp.code')} <span aria-hidden="true">*</span>
              </label>
              <input {...codeProps} inputMode="numeric" autoComplete="one-time-code" className={inputClass} />
              <FieldError field={fields.code} />
            </div>
            <button type="submit" className={buttonClass}>
              {t('admin.totp.submit')}
            </button>
          </Form>
        </div>
      )}
    </AdminCard>
  );
}
