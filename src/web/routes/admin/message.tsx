import { data, Form, Link, redirect } from 'react-router';
import { contentIdSchema, messageActionSchema } from '../../../contracts/admin-content';
import { parseQuery } from '../../../contracts/errors';
import { FormBanner } from '../../features/account/account-form';
import { AdminTitle } from '../../features/admin/admin-form';
import { primaryButtonClass, secondaryButtonClass } from '../../features/admin/content-form';
import { parseContentForm } from '../../features/admin/content-form.server';
import { requireStaff } from '../../features/admin/require-staff.server';
import { translator, useLanguage, useT } from '../../i18n/i18n';
import { withPageErrors } from '../../page-errors';
import type { Route } from './+types/message';
import { messageDateFormat } from './messages';

export const handle = { i18n: ['admin-content', 'validation'] };

export const loader = withPageErrors(async ({ url, params, context }: Route.LoaderArgs) => {
  await requireStaff(context, url, 'content');
  const id = parseQuery(contentIdSchema, params.id);
  return {
    lang: context.prefs.lang,
    message: await context.services.adminContent.messages.byId(id),
    changed: url.searchParams.get('status') === 'changed',
  };
});

/** Marks the message handled, or open again (audited); back to the message. */
export const action = withPageErrors(async ({ request, url, params, context }: Route.ActionArgs) => {
  const me = await requireStaff(context, url, 'content');
  const id = parseQuery(contentIdSchema, params.id);
  const submission = parseContentForm(await request.formData(), messageActionSchema);
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  await context.services.adminContent.messages.setHandled(me.id, id, submission.value.intent === 'handled');
  throw redirect(`/admin/messages/${id}?status=changed`);
});

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('adminContent.messages.one')} | ${t('admin.brand')}` },
    { name: 'robots', content: 'noindex, nofollow' },
  ];
};

export default function AdminMessage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const lang = useLanguage();
  const { message, changed } = loaderData;
  const when = messageDateFormat(lang);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link discover="none" to="/admin/messages" className="text-brand underline">
          {t('adminContent.messages.back')}
        </Link>
      </p>
      <AdminTitle>{message.subject}</AdminTitle>
      <div className="mb-4" aria-live="polite">
        {changed && <FormBanner tone="success">{t('adminContent.saved')}</FormBanner>}
      </div>
      <article className="max-w-3xl space-y-4 rounded-lg border border-line bg-white p-6">
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">{t('adminContent.messages.from')}</dt>
          <dd>{message.name}</dd>
          <dt className="font-semibold">{t('adminContent.messages.email')}</dt>
          <dd>
            <a href={`mailto:${message.email}`} className="text-brand underline">
              {message.email}
            </a>
          </dd>
          {message.phone && (
            <>
              <dt className="font-semibold">{t('adminContent.messages.phone')}</dt>
              <dd>
                <a href={`tel:${message.phone.replace(/\s/g, '')}`} className="text-brand underline">
                  {message.phone}
                </a>
              </dd>
            </>
          )}
          <dt className="font-semibold">{t('adminContent.messages.date')}</dt>
          <dd>
            <time dateTime={message.createdAt}>{when.format(new Date(message.createdAt))}</time>
          </dd>
          <dt className="font-semibold">{t('adminContent.messages.state')}</dt>
          <dd>
            {message.handledAt
              ? t('adminContent.messages.handledAt', { when: when.format(new Date(message.handledAt)) })
              : t('adminContent.messages.state.open')}
          </dd>
        </dl>
        <div className="whitespace-pre-wrap border-t border-line pt-4">{message.message}</div>
        <Form discover="none" method="post">
          {message.handledAt ? (
            <button type="submit" name="intent" value="reopen" className={secondaryButtonClass}>
              {t('adminContent.messages.reopen')}
            </button>
          ) : (
            <button type="submit" name="intent" value="handled" className={primaryButtonClass}>
              {t('adminContent.messages.markHandled')}
            </button>
          )}
        </Form>
      </article>
    </>
  );
}
