import type { I18nHandle } from '../i18n/areas';
import { data, redirect } from 'react-router';
import { casePath, extractCaseId } from '../../contracts/cases';
import { DemoBadge, StatusBadge } from '../features/cases/case-card';
import { CASES_PATH } from '../features/cases/case-filters';
import { LeiAmount } from '../features/cases/lei-amount';
import { translator, useT } from '../i18n/i18n';
import { CopyButton } from '../ui/copy-button';
import { ImageCarousel } from '../ui/image-carousel';
import { metaDescription } from '../ui/meta-description';
import { PageHeader } from '../ui/page-header';
import type { Route } from './+types/case-detail';
import { publicPageHeaders } from '../http-cache';
import { withPageErrors } from '../page-errors';

export const handle: I18nHandle = { i18n: ['content'] };

export const loader = withPageErrors(async ({ params, context }: Route.LoaderArgs) => {
  const id = extractCaseId(params.slug);
  if (id === null) {
    // SPEC §2/§8: an invalid slug loads nothing and is logged.
    context.log.warn({ slug: params.slug.slice(0, 100) }, 'invalid humanitarian case slug');
    throw data(null, { status: 404 });
  }
  const found = await context.services.cases.byId(id, context.prefs.lang);
  // The name part may be outdated or mistyped: send visitors and search engines to the one true address.
  if (params.slug !== found.slug) throw redirect(casePath(found), 301);
  // The meta description is cut from the description's HTML here: the browser needs only the text (issue 14).
  const description = metaDescription(found.case_description);
  return { c: found, description, lang: context.prefs.lang, url: `${context.publicUrl}${casePath(found)}` };
});

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [];
  const t = translator(loaded.lang);
  return [
    { title: `${loaded.c.case_title} | ${t('shop.name')}` },
    { name: 'description', content: loaded.description },
    { tagName: 'link', rel: 'canonical', href: loaded.url },
  ];
};

export default function CaseDetail({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { c, url } = loaderData;
  const share = [
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}` },
    { label: 'WhatsApp', href: `https://wa.me/?text=${encodeURIComponent(`${c.case_title} ${url}`)}` },
    {
      label: t('cases.shareEmail'),
      href: `mailto:?subject=${encodeURIComponent(c.case_title)}&body=${encodeURIComponent(url)}`,
    },
  ];
  const box = 'rounded-lg border border-line bg-white p-5';
  return (
    <>
      <PageHeader title={c.case_title} crumbs={[{ name: t('page.cases'), href: CASES_PATH }]}>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <StatusBadge c={c} />
          {c.demo && <DemoBadge />}
          <span className="text-sm text-muted">{c.category.name}</span>
        </div>
      </PageHeader>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 lg:grid-cols-[1fr_20rem]">
        <div className="space-y-8">
          {c.demo && (
            <p role="note" className="rounded border-2 border-gold bg-white p-3 text-sm">
              {t('cases.demoNotice')}
            </p>
          )}
          <section aria-label={t('cases.gallery')}>
            <ImageCarousel images={c.images} alt={(n) => t('cases.imageAlt', { title: c.case_title, n })} eager />
          </section>
          <section aria-labelledby="case-beneficiary">
            <h2 id="case-beneficiary" className="font-serif text-2xl font-bold">
              {c.age === null ? c.beneficiary_name : t('cases.nameAge', { name: c.beneficiary_name, age: c.age })}
            </h2>
            <p className="mt-2">
              <span className="font-semibold">{t('cases.diagnosis')}:</span> {c.diagnosis}
            </p>
            <h3 className="mt-6 font-serif text-xl font-bold">{t('cases.story')}</h3>
            <p className="mt-2 leading-7">{c.case_description}</p>
          </section>
          <section aria-labelledby="case-money" className={box}>
            <h2 id="case-money" className="font-serif text-xl font-bold">
              {t('cases.financial')}
            </h2>
            <dl className="mt-3 grid gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-sm text-muted">{t('cases.needed')}</dt>
                <dd className="text-2xl font-bold text-brand">
                  <LeiAmount money={c.necessary_sum} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{t('cases.treatmentCost')}</dt>
                <dd className="text-2xl font-bold">
                  <LeiAmount money={c.treatment_cost} />
                </dd>
              </div>
              <div>
                <dt className="text-sm text-muted">{t('cases.daysLeft')}</dt>
                <dd className="text-2xl font-bold">{c.remaining_days}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="case-accounts">
            <h2 id="case-accounts" className="font-serif text-xl font-bold">
              {t('cases.accounts')}
            </h2>
            <p className="mt-1 text-sm">
              <span className="font-semibold">{t('cases.accountHolder')}:</span> {c.beneficiary}
            </p>
            <ul className="mt-3 grid gap-4 sm:grid-cols-2">
              {c.donations.map((d) => (
                <li key={`${d.bank}-${d.swift_code}`} className={box}>
                  <h3 className="font-bold">{d.bank}</h3>
                  <p className="text-sm text-muted">
                    {d.branch} · SWIFT {d.swift_code}
                  </p>
                  <dl className="mt-2 space-y-1 text-sm">
                    {d.currencies.map((a) => (
                      <div key={a.account_number}>
                        <dt className="inline font-semibold">{a.currency}: </dt>
                        <dd className="inline font-mono">{a.account_number}</dd>
                      </div>
                    ))}
                  </dl>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <aside className="space-y-6">
          <section aria-labelledby="case-details" className={box}>
            <h2 id="case-details" className="font-serif text-lg font-bold">
              {t('cases.details')}
            </h2>
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="text-muted">{t('cases.location')}</dt>
                <dd>{c.location}</dd>
              </div>
              <div>
                <dt className="text-muted">{t('cases.hospital')}</dt>
                <dd>{c.hospital_location}</dd>
              </div>
              <div>
                <dt className="text-muted">{t('cases.status')}</dt>
                <dd>{c.status_friendly_name}</dd>
              </div>
            </dl>
          </section>
          <section aria-labelledby="case-manager" className={box}>
            <h2 id="case-manager" className="font-serif text-lg font-bold">
              {t('cases.manager')}
            </h2>
            <p className="mt-3 font-semibold">{c.case_manager.name}</p>
            <p className="text-sm">
              <a className="text-brand underline" href={`mailto:${c.case_manager.email}`}>
                {c.case_manager.email}
              </a>
            </p>
            <p className="text-sm">
              <a className="text-brand underline" href={`tel:${c.case_manager.telephone.replace(/\s/g, '')}`}>
                {c.case_manager.telephone}
              </a>
            </p>
            <p className="mt-1 text-sm text-muted">{c.case_manager.schedule}</p>
          </section>
          <section aria-labelledby="case-share" className={box}>
            <h2 id="case-share" className="font-serif text-lg font-bold">
              {t('cases.share')}
            </h2>
            <ul className="mt-3 flex flex-wrap gap-2">
              {share.map((s) => (
                <li key={s.label}>
                  <a
                    href={s.href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="block rounded border border-line px-3 py-1.5 text-sm hover:border-brand"
                  >
                    {s.label}
                  </a>
                </li>
              ))}
              <li>
                <CopyButton
                  text={url}
                  label={t('cases.copyLink')}
                  copiedLabel={t('coupons.copied')}
                  className="rounded border border-line px-3 py-1.5 text-sm hover:border-brand"
                />
              </li>
            </ul>
          </section>
        </aside>
      </div>
    </>
  );
}
