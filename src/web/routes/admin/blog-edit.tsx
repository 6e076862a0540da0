import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect } from 'react-router';
import { type BlogFormValues, blogFormSchema, contentIdSchema } from '../../../contracts/admin-content';
import { BLOG_TYPES } from '../../../contracts/blog';
import { bucharestDay } from '../../../contracts/dates';
import { parseQuery } from '../../../contracts/errors';
import { FormBanner } from '../../features/account/account-form';
import { AdminTitle } from '../../features/admin/admin-form';
import {
  CheckboxField,
  fieldGridClass,
  FormSection,
  InputField,
  primaryButtonClass,
  SelectField,
  secondaryButtonClass,
  TextAreaField,
} from '../../features/admin/content-form';
import { parseContentForm, refusalReply } from '../../features/admin/content-form.server';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useT } from '../../i18n/i18n';
import { translateMessage } from '../../i18n/validation';
import { withPageErrors } from '../../page-errors';
import { Prose } from '../../ui/prose';
import type { Route } from './+types/blog-edit';

export const handle = { i18n: ['admin-content', 'validation'] };

function postId(params: { id?: string }): number | null {
  return params.id === undefined ? null : parseQuery(contentIdSchema, params.id);
}

const STATUSES = ['saved', 'published', 'unpublished'] as const;

export const loader = withPageErrors(async ({ url, params, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const id = postId(params);
  const existing = id === null ? null : await context.services.adminContent.blog.formValues(id);
  const values: BlogFormValues = existing ?? {
    title: '',
    author: '',
    category: '',
    tags: '',
    blog: 'blog-grid',
    date: bucharestDay(new Date()),
    smDesc: '',
    body: '',
    img: '',
    listImg: '',
    video: false,
    videoId: '',
    blockquote: false,
    slider: false,
    sliderImages: '',
  };
  const status = url.searchParams.get('status');
  return {
    lang: context.prefs.lang,
    id,
    values,
    published: existing?.published ?? false,
    status: STATUSES.find((s) => s === status) ?? null,
  };
});

/**
 * `save` keeps the post's state (a new post is a draft), `publish` saves and publishes, `preview` renders the
 * Markdown as the shop will show it and writes nothing; `unpublish` (its own small form) takes it off the shop.
 */
export const action = withPageErrors(async ({ request, url, params, context }: Route.ActionArgs) => {
  const me = await requireStaff(context, url, 'content');
  const id = postId(params);
  const blog = context.services.adminContent.blog;
  const formData = await request.formData();
  if (formData.get('intent') === 'unpublish' && id !== null) {
    await blog.unpublish(me.id, id);
    throw redirect(`/admin/blog/${id}?status=unpublished`);
  }
  const submission = parseContentForm(formData, blogFormSchema);
  if (submission.status !== 'success') return data({ result: submission.reply(), preview: null }, { status: 400 });
  const input = submission.value;
  if (input.intent === 'preview') return { result: submission.reply(), preview: await blog.preview(input.body) };
  const publish = input.intent === 'publish';
  let saved = id;
  try {
    if (id === null) saved = await blog.create(me.id, input, publish);
    else await blog.update(me.id, id, input, publish);
  } catch (err) {
    return refusalReply(submission, err);
  }
  throw redirect(`/admin/blog/${saved}?status=${publish ? 'published' : 'saved'}`);
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  const title = loaded?.id ? t('adminContent.blog.edit') : t('adminContent.blog.new');
  return [{ title: `${title} | ${t('admin.brand')}` }, { name: 'robots', content: 'noindex, nofollow' }];
};

export default function AdminBlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const { id, values, published, status } = loaderData;
  const [form, fields] = useForm({
    id: `post-${id ?? 'new'}`,
    defaultValue: values,
    lastResult: actionData?.result ?? null,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: blogFormSchema }),
  });
  const preview = actionData?.preview ?? null;
  return (
    <>
      <p className="mb-2 text-sm">
        <Link discover="none" to="/admin/blog" className="text-brand underline">
          {t('adminContent.blog.back')}
        </Link>
      </p>
      <AdminTitle>{id ? t('adminContent.blog.edit') : t('adminContent.blog.new')}</AdminTitle>
      <div className="mb-4 flex flex-wrap items-center gap-4" aria-live="polite">
        <p className="text-sm">
          {t('adminContent.blog.state')}:{' '}
          <strong>{published ? t('adminContent.blog.state.published') : t('adminContent.blog.state.draft')}</strong>
          {published && id && (
            <>
              {' · '}
              <a href={`/pages/blog-details/${id}`} className="text-brand underline">
                {t('adminContent.blog.onShop')}
              </a>
            </>
          )}
        </p>
        {published && id && (
          <Form discover="none" method="post">
            <input type="hidden" name="intent" value="unpublish" />
            <button type="submit" className={secondaryButtonClass}>
              {t('adminContent.blog.unpublish')}
            </button>
          </Form>
        )}
        {status && <FormBanner tone="success">{t(`adminContent.blog.status.${status}`)}</FormBanner>}
        {form.errors?.length ? <FormBanner tone="error">{translateMessage(t, form.errors[0])}</FormBanner> : null}
      </div>
      <Form discover="none" method="post" {...getFormProps(form)} className="space-y-6">
        <FormSection title={t('adminContent.blog.sectionPost')}>
          <InputField field={fields.title} label={t('adminContent.blog.postTitle')} />
          <div className={fieldGridClass}>
            <InputField field={fields.author} label={t('adminContent.blog.author')} />
            <InputField field={fields.category} label={t('adminContent.blog.category')} />
            <InputField field={fields.date} label={t('adminContent.blog.date')} type="date" />
            <SelectField
              field={fields.blog}
              label={t('adminContent.blog.type')}
              options={BLOG_TYPES.map((b) => ({ value: b, label: b }))}
            />
            <InputField
              field={fields.tags}
              label={t('adminContent.blog.tags')}
              required={false}
              hint={t('adminContent.blog.tagsHint')}
            />
          </div>
          <TextAreaField field={fields.smDesc} label={t('adminContent.blog.smDesc')} rows={3} />
          <TextAreaField
            field={fields.body}
            label={t('adminContent.blog.body')}
            rows={16}
            mono
            hint={t('adminContent.blog.bodyHint')}
          />
        </FormSection>
        {preview !== null && (
          <section aria-labelledby="post-preview" className="rounded-lg border-2 border-gold bg-paper p-4 sm:p-6">
            <h2 id="post-preview" className="mb-4 font-serif text-2xl font-bold">
              {t('adminContent.blog.preview')}
            </h2>
            <Prose html={preview} />
          </section>
        )}
        <FormSection title={t('adminContent.blog.sectionMedia')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField field={fields.img} label={t('adminContent.blog.img')} hint={t('adminContent.imageHint')} />
            <InputField
              field={fields.listImg}
              label={t('adminContent.blog.listImg')}
              hint={t('adminContent.imageHint')}
            />
          </div>
          <div className="flex flex-wrap gap-6">
            <CheckboxField field={fields.video} label={t('adminContent.blog.video')} />
            <CheckboxField field={fields.blockquote} label={t('adminContent.blog.blockquote')} />
            <CheckboxField field={fields.slider} label={t('adminContent.blog.slider')} />
          </div>
          <InputField
            field={fields.videoId}
            label={t('adminContent.blog.videoId')}
            required={false}
            hint={t('adminContent.blog.videoIdHint')}
          />
          <TextAreaField
            field={fields.sliderImages}
            label={t('adminContent.blog.sliderImages')}
            rows={3}
            required={false}
            mono
            hint={t('adminContent.imagesHint')}
          />
        </FormSection>
        <div className="flex flex-wrap gap-3">
          <button type="submit" name="intent" value="preview" className={secondaryButtonClass}>
            {t('adminContent.blog.showPreview')}
          </button>
          <button type="submit" name="intent" value="save" className={secondaryButtonClass}>
            {published ? t('adminContent.save') : t('adminContent.blog.saveDraft')}
          </button>
          {!published && (
            <button type="submit" name="intent" value="publish" className={primaryButtonClass}>
              {t('adminContent.blog.publish')}
            </button>
          )}
        </div>
      </Form>
    </>
  );
}
