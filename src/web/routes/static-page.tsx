import type { I18nHandle } from '../i18n/areas';
import { data } from 'react-router';
import type { ConsentChoice } from '../../contracts/consent';
import { COOKIE_POLICY_PATH, STATIC_PAGE_SLUGS, type StaticPageSlug } from '../../contracts/static-pages';
import { renderStaticPage } from '../content/static-pages.server';
import { ConsentSettings } from '../features/consent/consent-settings';
import { useConsent } from '../features/consent/consent';
import { translator, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import { Prose } from '../ui/prose';
import type { Route } from './+types/static-page';
import { privatePageHeaders, publicPageHeaders } from '../http-cache';

const COOKIE_POLICY_SLUG: StaticPageSlug = 'politica-cookies';

export const handle: I18nHandle = { i18n: ['content'] };

function slugOf(url: URL): StaticPageSlug | null {
  const slug = url.pathname.replace(/^\/pages\//, '').replace(/\/$/, '');
  return (STATIC_PAGE_SLUGS as readonly string[]).includes(slug) ? (slug as StaticPageSlug) : null;
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const slug = slugOf(url);
  if (!slug) throw data(null, { status: 404 });
  const page = renderStaticPage(slug, context.prefs.lang, context.contact, await context.services.sisterStores());
  // The cookie policy's settings form shows the visitor's choice, so that page is theirs (never cached).
  const policy = slug === COOKIE_POLICY_SLUG;
  return data(
    {
      slug,
      page,
      lang: context.prefs.lang,
      url: `${context.publicUrl}/pages/${slug}`,
      consent: policy ? context.prefs.consent : null,
    },
    { headers: policy ? privatePageHeaders() : publicPageHeaders() },
  );
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [];
  const t = translator(loaded.lang);
  return [
    { title: `${loaded.page.title} | ${t('shop.name')}` },
    { name: 'description', content: loaded.page.description },
    { tagName: 'link', rel: 'canonical', href: loaded.url },
  ];
};

/**
 * The cookie policy page also lets the visitor change their choice: a plain form without JavaScript (the
 * server read the choice from the cookie), the browser's cookie with it.
 */
function CookieChoice({ stored }: { stored: ConsentChoice | null }) {
  const t = useT();
  const consent = useConsent();
  const current = consent === undefined ? stored : consent;
  return (
    <section
      id="setari"
      aria-labelledby="setari-titlu"
      className="mt-10 max-w-3xl rounded-lg border border-line bg-white p-5"
    >
      <h2 id="setari-titlu" className="font-serif text-2xl font-bold">
        {t('consent.settingsTitle')}
      </h2>
      <div className="mt-3">
        <ConsentSettings key={current ?? 'none'} current={current} back={`${COOKIE_POLICY_PATH}#setari`} />
      </div>
    </section>
  );
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page, slug, consent } = loaderData;
  return (
    <>
      <PageHeader title={page.title} />
      <div className="mx-auto max-w-7xl px-4 py-8">
        <Prose html={page.html} />
        {slug === COOKIE_POLICY_SLUG && <CookieChoice stored={consent} />}
      </div>
    </>
  );
}
