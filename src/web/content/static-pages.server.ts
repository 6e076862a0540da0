import { Marked } from 'marked';
import type { ShopContact } from '../../contracts/contact';
import type { Language } from '../../contracts/preferences';
import type { SisterStore, StaticPageSlug } from '../../contracts/static-pages';

/**
 * The static pages' texts: Markdown files beside this module, `pages/{slug}.{ro|en}.md`, each starting with a
 * `<!-- description: … -->` comment (the meta description) and a `# Title` line. Placeholders such as {email} are filled from
 * configuration here. Only the server reads them; the browser receives the rendered HTML.
 */
const files = import.meta.glob<string>('./pages/*.md', { query: '?raw', import: 'default', eager: true });

export interface StaticPage {
  title: string;
  description: string;
  html: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** External links open in a new tab without giving the new page a handle on ours. */
const markdown = new Marked({
  gfm: true,
  renderer: {
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      const external = /^https?:\/\//.test(href);
      return external
        ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${text}</a>`
        : `<a href="${escapeHtml(href)}">${text}</a>`;
    },
  },
});

function sisterStoreList(stores: SisterStore[]): string {
  const items = stores.map(
    (s) =>
      `<li><strong>${escapeHtml(s.name)}</strong>: <a href="${escapeHtml(s.url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(s.displayText)}</a></li>`,
  );
  return `<ul>${items.join('')}</ul>`;
}

function parse(source: string): { description: string; title: string; body: string } {
  const match = /^<!-- description: (.+?) -->\s*# (.+)\n([\s\S]*)$/.exec(source);
  if (!match) throw new Error('A static page must start with a <!-- description: … --> comment and a # title');
  return { description: match[1].trim(), title: match[2].trim(), body: match[3] };
}

export function renderStaticPage(
  slug: StaticPageSlug,
  lang: Language,
  contact: ShopContact,
  sisterStores: SisterStore[],
): StaticPage {
  const source = files[`./pages/${slug}.${lang}.md`];
  if (source === undefined) throw new Error(`Missing content file pages/${slug}.${lang}.md`);
  const { title, description, body } = parse(source.replace(/\r\n/g, '\n'));
  const values: Record<string, string> = {
    email: `<a href="mailto:${escapeHtml(contact.email)}">${escapeHtml(contact.email)}</a>`,
    phone: `<a href="tel:${escapeHtml(contact.phone.replace(/\s/g, ''))}">${escapeHtml(contact.phone)}</a>`,
    phone2: `<a href="tel:${escapeHtml(contact.phone2.replace(/\s/g, ''))}">${escapeHtml(contact.phone2)}</a>`,
    address: escapeHtml(contact.address),
  };
  const html = (markdown.parse(body) as string)
    .replace(/<p>\{sisterStores\}<\/p>/, sisterStoreList(sisterStores))
    .replace(/\{(email|phone2|phone|address)\}/g, (_, name: string) => values[name]);
  return { title, description, html };
}
