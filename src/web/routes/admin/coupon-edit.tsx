import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect } from 'react-router';
import { type CouponFormValues, contentIdSchema, couponFormSchema } from '../../../contracts/admin-content';
import { productTypes } from '../../../contracts/catalogue-values';
import { parseQuery } from '../../../contracts/errors';
import { FormBanner } from '../../features/account/account-form';
import { AdminTitle } from '../../features/admin/admin-form';
import {
  fieldGridClass,
  FormSection,
  InputField,
  primaryButtonClass,
  SelectField,
} from '../../features/admin/content-form';
import { parseContentForm, refusalReply } from '../../features/admin/content-form.server';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/coupon-edit';

export const handle = { i18n: ['admin-content', 'validation'] };

function couponId(params: { id?: string }): number | null {
  return params.id === undefined ? null : parseQuery(contentIdSchema, params.id);
}

const NEW_COUPON: CouponFormValues = {
  title: '',
  couponCode: '',
  discountPercentage: '',
  minimumAmount: '0',
  productType: 'carte',
  endTime: '',
  logo: '',
};

export const loader = withPageErrors(async ({ url, params, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const id = couponId(params);
  const values = id === null ? NEW_COUPON : await context.services.adminContent.coupons.formValues(id);
  return {
    lang: context.prefs.lang,
    id,
    values,
    saved: url.searchParams.get('status') === 'saved',
  };
});

export const action = withPageErrors(async ({ request, url, params, context }: Route.ActionArgs) => {
  const me = await requireStaff(context, url, 'content');
  const id = couponId(params);
  const submission = parseContentForm(await request.formData(), couponFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply(), preview: null }, { status: 400 });
  const coupons = context.services.adminContent.coupons;
  let saved = id;
  try {
    if (id === null) saved = await coupons.create(me.id, submission.value);
    else await coupons.update(me.id, id, submission.value);
  } catch (err) {
    return refusalReply(submission, err);
  }
  throw redirect(`/admin/coupons/${saved}?status=saved`);
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  const title = loaded?.id ? t('adminContent.coupons.edit') : t('adminContent.coupons.new');
  return [{ title: `${title} | ${t('admin.brand')}` }, { name: 'robots', content: 'noindex, nofollow' }];
};

export default function AdminCouponEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { id, values, saved } = loaderData;
  const [form, fields] = useForm({
    id: `coupon-${id ?? 'new'}`,
    defaultValue: values,
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: couponFormSchema }),
  });
  return (
    <>
      <p className="mb-2 text-sm">
        <Link discover="none" to="/admin/coupons" className="text-brand underline">
          {t('adminContent.coupons.back')}
        </Link>
      </p>
      <AdminTitle>{id ? t('adminContent.coupons.edit') : t('adminContent.coupons.new')}</AdminTitle>
      <div className="mb-4 space-y-2" aria-live="polite">
        {saved && <FormBanner tone="success">{t('adminContent.saved')}</FormBanner>}
        {form.errors?.length ? <FormBanner tone="error">{translateMessage(t, form.errors[0])}</FormBanner> : null}
      </div>
      <Form discover="none" method="post" {...getFormProps(form)} className="space-y-6">
        <FormSection title={t('adminContent.coupons.sectionCoupon')}>
          <div className={fieldGridClass}>
            <InputField
              field={fields.couponCode}
              label={t('adminContent.coupons.couponCode')}
              hint={t('adminContent.coupons.codeHint')}
            />
            <InputField field={fields.title} label={t('adminContent.coupons.couponTitle')} />
            <InputField
              field={fields.discountPercentage}
              label={t('adminContent.coupons.discountPercentage')}
              inputMode="numeric"
              hint={t('adminContent.coupons.percentHint')}
            />
            <InputField
              field={fields.minimumAmount}
              label={t('adminContent.coupons.minimumAmount')}
              inputMode="decimal"
              hint={t('adminContent.amountHint')}
            />
            <SelectField
              field={fields.productType}
              label={t('adminContent.coupons.productType')}
              options={productTypes.map((p) => ({ value: p, label: p }))}
            />
            <InputField
              field={fields.endTime}
              label={t('adminContent.coupons.endTime')}
              type="datetime-local"
              hint={t('adminContent.coupons.endTimeHint')}
            />
          </div>
          <InputField field={fields.logo} label={t('adminContent.coupons.logo')} hint={t('adminContent.imageHint')} />
        </FormSection>
        <button type="submit" className={primaryButtonClass}>
          {t('adminContent.save')}
        </button>
      </Form>
    </>
  );
}
