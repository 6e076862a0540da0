import { describe, expect, it } from 'vitest';
import type { ShopContact } from '../../contracts/contact';
import { STATIC_PAGE_SLUGS } from '../../contracts/static-pages';
import { renderStaticPage } from './static-pages.server';

const contact: ShopContact = {
  email: 'comenzi@example.ro',
  phone: '0740 111 222',
  phone2: '0257 333 444',
  address: 'Str. Test nr. 1, Arad',
  mapsUrl: 'https://maps.example/',
  social: { facebook: 'https://f.example/', instagram: 'https://i.example/', youtube: 'https://y.example/' },
};
const stores = [{ name: 'Cadouri <Maranatha>', url: 'https://cadouri.example/', displayText: 'cadouri.example' }];

describe.each(['ro', 'en'] as const)('static pages in %s', (lang) => {
  it.each(STATIC_PAGE_SLUGS)('%s has a title, a description and every placeholder filled', (slug) => {
    const page = renderStaticPage(slug, lang, contact, stores);
    expect(page.title.length).toBeGreaterThan(3);
    expect(page.description.length).toBeGreaterThan(20);
    expect(page.html).not.toMatch(/\{[a-zA-Z0-9]+\}/);
    expect(page.html).not.toContain('<h1');
  });

  it('fills the contact details from configuration and opens external links in a new tab', () => {
    const partners = renderStaticPage('parteneriate-libraria-crestina-maranatha', lang, contact, stores).html;
    expect(partners).toContain('href="mailto:comenzi@example.ro"');
    expect(partners).toContain('href="tel:0740111222"');
    expect(partners).toContain('0257 333 444');
    const stores_ = renderStaticPage('magazinele-noastre', lang, contact, stores).html;
    expect(stores_).toContain('<a href="https://cadouri.example/" target="_blank" rel="noopener noreferrer">');
    expect(stores_).toContain('Cadouri &lt;Maranatha&gt;');
  });

  it('keeps the figures of SPEC §9', () => {
    expect(renderStaticPage('curier-rapid', lang, contact, stores).html).toContain('19 lei');
    expect(renderStaticPage('retururi-colete', lang, contact, stores).html).toMatch(
      /30 (de zile calendaristice|calendar days)/,
    );
    expect(renderStaticPage('confidentialitate', lang, contact, stores).html).toContain('21.05.2018');
    const gls = renderStaticPage('curier-rapid-international-gls', lang, contact, stores).html;
    expect(gls).toContain('<table>');
    expect(gls).toContain('7–9');
  });
});
