import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { statisticsFormSchema } from '../../../contracts/admin-content';
import { FormBanner } from '../../features/account/account-form';
import { AdminTitle } from '../../features/admin/admin-form';
import { FormSection, InputField, primaryButtonClass } from '../../features/admin/content-form';
import { parseContentForm } from '../../features/admin/content-form.server';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/statistics';

export const handle = { i18n: ['admin-content', 'validation'] };

export const loader = withPageErrors(async ({ url, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const [values, about] = await Promise.all([
    context.services.adminContent.statistics.values(),
    context.services.statistics.aboutDetails(),
  ]);
  return {
    lang: context.prefs.lang,
    values: { customers: String(values.customers), client_orders: String(values.client_orders) },
    products: about.products,
    saved: url.searchParams.get('status') === 'saved',
  };
});

export const action = withPageErrors(async ({ request, url, context }: Route.ActionArgs) => {
  const me = await requireStaff(context, url, 'content');
  const submission = parseContentForm(await request.formData(), statisticsFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  await context.services.adminContent.statistics.update(me.id, submission.value);
  throw redirect('/admin/statistics?status=saved');
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminContent.statistics.title')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

export default function AdminStatistics({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { values, products, saved } = loaderData;
  const [form, fields] = useForm({
    id: 'statistics',
    defaultValue: values,
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: statisticsFormSchema }),
  });
  return (
    <>
      <AdminTitle>{t('adminContent.statistics.title')}</AdminTitle>
      <p className="mb-4 max-w-3xl">{t('adminContent.statistics.intro')}</p>
      <div className="mb-4" aria-live="polite">
        {saved && <FormBanner tone="success">{t('adminContent.saved')}</FormBanner>}
      </div>
      <Form discover="none" method="post" {...getFormProps(form)} className="max-w-xl space-y-6">
        <FormSection title={t('adminContent.statistics.section')}>
          <InputField field={fields.customers} label={t('adminContent.statistics.customers')} inputMode="numeric" />
          <InputField
            field={fields.client_orders}
            label={t('adminContent.statistics.clientOrders')}
            inputMode="numeric"
          />
          <p className="text-sm text-muted">{t('adminContent.statistics.products', { count: products })}</p>
        </FormSection>
        <button type="submit" className={primaryButtonClass}>
          {t('adminContent.save')}
        </button>
      </Form>
    </>
  );
}
