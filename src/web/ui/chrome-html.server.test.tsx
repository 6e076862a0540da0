import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuCategory } from '../../contracts/catalogue';
import type { ShopContact } from '../../contracts/contact';
import type { Language } from '../../contracts/preferences';
import { LanguageProvider } from '../i18n/i18n';
import { CategoryMenu } from './category-menu';
import { type ChromeHtml, ChromeHtmlProvider } from './chrome-html';
import { chromeHtml } from './chrome-html.server';
import { SiteFooter } from './site-footer';

const menu: MenuCategory[] = [
  {
    slug: 'biblii',
    name: 'Biblii',
    children: [
      { slug: 'biblii-mari', name: 'Biblii mari' },
      { slug: 'biblii-mici', name: 'Biblii & <mici>' },
    ],
  },
  { slug: 'carti', name: 'Cărți', children: [] },
];

const contact: ShopContact = {
  email: 'comenzi@example.ro',
  phone: '0722 000 000',
  phone2: '',
  address: 'Str. Exemplu 1, Arad',
  mapsUrl: 'https://maps.example/',
  social: { facebook: 'https://f.example/', instagram: 'https://i.example/', youtube: 'https://y.example/' },
};

/** The category bar and the footer inside a page, as the server renders them with or without the kept HTML. */
async function renderChrome(lang: Language, kept: ChromeHtml | null, data = { lang, menu, contact }) {
  const handler = createStaticHandler([
    {
      id: 'root',
      path: '/',
      loader: () => data,
      Component: () => (
        <>
          <CategoryMenu />
          <main />
          <SiteFooter />
        </>
      ),
    },
  ]);
  const context = await handler.query(new Request('http://shop.test/'));
  if (context instanceof Response) throw new Error('the stub route answered a response');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <LanguageProvider value={lang}>
      <ChromeHtmlProvider value={kept}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ChromeHtmlProvider>
    </LanguageProvider>,
  );
}

describe('the category bar and footer kept as HTML (decision 039)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(['ro', 'en'] as const)('write, in %s, the very markup the live components render', async (lang) => {
    const live = await renderChrome(lang, null);
    const kept = await renderChrome(lang, chromeHtml({ lang, menu, contact }));
    expect(kept).toBe(live);
    // Not two empty renders: the bar and the footer are there, escaped, every submenu closed.
    expect(live).toContain('href="/shop/biblii-mari"');
    expect(live).toContain('Biblii &amp; &lt;mici&gt;');
    expect(live).toContain('aria-expanded="false"');
    expect(live).not.toContain('aria-expanded="true"');
    expect(live).toContain('href="mailto:comenzi@example.ro"');
    expect(live).toContain(lang === 'ro' ? 'Setări cookie-uri' : 'Cookie settings');
  });

  it('renders a language, a menu and contact details once, and again when any of them changes', () => {
    const first = chromeHtml({ lang: 'ro', menu, contact });
    expect(chromeHtml({ lang: 'ro', menu: structuredClone(menu), contact: { ...contact } })).toBe(first);

    const english = chromeHtml({ lang: 'en', menu, contact });
    expect(english).not.toBe(first);

    const renamed = chromeHtml({ lang: 'ro', menu: [{ ...menu[0], name: 'Sfânta Scriptură' }, menu[1]], contact });
    expect(renamed.menu).toContain('Sfânta Scriptură');
    expect(renamed.footer).toBe(first.footer);

    const moved = chromeHtml({ lang: 'ro', menu, contact: { ...contact, address: 'Str. Nouă 2, Oradea' } });
    expect(moved.footer).toContain('Str. Nouă 2, Oradea');
    expect(moved.menu).toBe(first.menu);
  });

  it('shows the new year from the first page of the year', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 11, 31, 23, 59));
    expect(chromeHtml({ lang: 'ro', menu, contact }).footer).toContain('2030');
    vi.setSystemTime(new Date(2031, 0, 1, 0, 1));
    expect(chromeHtml({ lang: 'ro', menu, contact }).footer).toContain('2031');
  });
});
