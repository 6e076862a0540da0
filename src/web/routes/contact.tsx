import type { I18nHandle } from '../i18n/areas';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { contactMessageSchema } from '../../contracts/contact';
import { isAppError } from '../../contracts/app-error';
import { ContactForm } from '../features/contact/contact-form';
import { translator, useT } from '../i18n/i18n';
import { useRootData } from '../root-data';
import { SocialLinks } from '../ui/social-links';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/contact';

export const handle: I18nHandle = { i18n: ['content', 'validation'] };

export function loader({ context }: Route.LoaderArgs) {
  return { lang: context.prefs.lang, url: `${context.publicUrl}/pages/contact` };
}

/** Stores the message and queues its e-mail (core contact service); answers field errors with a 400. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: contactMessageSchema });
  if (submission.status !== 'success') return data({ result: submission.reply(), sent: false }, { status: 400 });
  try {
    await context.services.contact.submit(submission.value, context.clientIp);
  } catch (err) {
    // Too many messages: the form says so in place (429), keeping what was typed.
    if (!isAppError(err) || err.code !== 'RATE_LIMITED') throw err;
    const t = translator(context.prefs.lang);
    return data({ result: submission.reply({ formErrors: [t('contact.rateLimited')] }), sent: false }, { status: 429 });
  }
  return { result: submission.reply({ resetForm: true }), sent: true };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  const t = translator(loaded?.lang ?? 'ro');
  return [
    { title: `${t('page.contact')} | ${t('shop.name')}` },
    { name: 'description', content: t('contact.description') },
    { tagName: 'link', rel: 'canonical', href: loaded?.url ?? '' },
  ];
};

export default function Contact({ actionData }: Route.ComponentProps) {
  const t = useT();
  const { contact } = useRootData();
  return (
    <>
      <PageHeader title={t('page.contact')} />
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-3">
        <section aria-labelledby="contact-form-title" className="lg:col-span-2">
          <h2 id="contact-form-title" className="font-serif text-2xl font-bold">
            {t('contact.formTitle')}
          </h2>
          <p className="mt-2 mb-6 text-muted">{t('contact.formIntro')}</p>
          <ContactForm lastResult={actionData?.result ?? null} sent={actionData?.sent ?? false} />
        </section>
        <aside aria-labelledby="contact-info-title" className="rounded-lg border border-line bg-white p-6">
          <h2 id="contact-info-title" className="font-serif text-2xl font-bold">
            {t('contact.infoTitle')}
          </h2>
          <dl className="mt-4 space-y-4">
            <div>
              <dt className="font-semibold">{t('footer.email')}</dt>
              <dd>
                <a className="text-brand underline" href={`mailto:${contact.email}`}>
                  {contact.email}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t('footer.phone')}</dt>
              <dd>
                <a className="text-brand underline" href={`tel:${contact.phone.replace(/\s/g, '')}`}>
                  {contact.phone}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t('footer.address')}</dt>
              <dd>
                <address className="not-italic">{contact.address}</address>
                <a className="text-brand underline" href={contact.mapsUrl} target="_blank" rel="noopener noreferrer">
                  {t('contact.map')}
                </a>
              </dd>
            </div>
            <div>
              <dt className="font-semibold">{t('contact.hours')}</dt>
              <dd>{t('contact.hoursText')}</dd>
            </div>
          </dl>
          <h3 className="mt-6 font-semibold">{t('footer.followUs')}</h3>
          <SocialLinks
            social={contact.social}
            listClassName="mt-2 flex gap-3 text-brand"
            linkClassName="block rounded border border-line p-2 hover:border-brand"
          />
        </aside>
      </div>
    </>
  );
}
