import type { I18nHandle } from '../i18n/areas';
import { data } from 'react-router';
import { STATIC_PAGE_SLUGS, type StaticPageSlug } from '../../contracts/static-pages';
import { renderStaticPage } from '../content/static-pages.server';
import { ConsentSettings } from '../features/consent/cookie-banner';
import { useConsent } from '../features/consent/consent';
import { translator, useT } from '../i18n/i18n';
import { PageHeader } from '../ui/page-header';
import { Prose } from '../ui/prose';
import type { Route } from './+types/static-page';
import { publicPageHeaders } from '../http-cache';

export const handle: I18nHandle = { i18n: ['content'] };

function slugOf(url: string): StaticPageSlug | null {
  const slug = new URL(url).pathname.replace(/^\/pages\//, '').replace(/\/$/, '');
  return (STATIC_PAGE_SLUGS as readonly string[]).includes(slug) ? (slug as StaticPageSlug) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = slugOf(request.url);
  if (!slug) throw data(null, { status: 404 });
  const page = renderStaticPage(slug, context.prefs.lang, context.contact, context.services.sisterStores());
  return { slug, page, lang: context.prefs.lang, url: `${context.publicUrl}/pages/${slug}` };
}

export const headers = publicPageHeaders;

export const meta: Route.MetaFunction = ({ data: loaded }) => {
  if (!loaded) return [];
  const t = translator(loaded.lang);
  return [
    { title: `${loaded.page.title} | ${t('shop.name')}` },
    { name: 'description', content: loaded.page.description },
    { tagName: 'link', rel: 'canonical', href: loaded.url },
  ];
};

/** The cookie policy page also lets the visitor change their choice (in the browser). */
function CookieChoice() {
  const t = useT();
  const consent = useConsent();
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
        {consent === undefined ? (
          <p className="text-sm text-muted">{t('consent.needsJs')}</p>
        ) : (
          <ConsentSettings key={consent ?? 'none'} current={consent} />
        )}
      </div>
    </section>
  );
}

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  const { page, slug } = loaderData;
  return (
    <>
      <PageHeader title={page.title} />
      <div className="mx-auto max-w-7xl px-4 py-8">
        <Prose html={page.html} />
        {slug === 'politica-cookies' && <CookieChoice />}
      </div>
    </>
  );
}
