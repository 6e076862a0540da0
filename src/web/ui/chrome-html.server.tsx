import { renderToString } from 'react-dom/server';
import { LanguageProvider } from '../i18n/i18n';
import type { RootData } from '../root-data';
import { ClosedCategoryBar } from './category-menu';
import type { ChromeHtml } from './chrome-html';
import { FooterContent } from './site-footer';

type ChromeData = Pick<RootData, 'lang' | 'menu' | 'contact'>;

/** Languages × menus × contact details × years a process sees at once; more means the content changed. */
const MAX_KEPT = 16;
const kept: { data: ChromeData; year: number; html: ChromeHtml }[] = [];

/**
 * Whether two values of loader data (plain objects, arrays, strings, numbers) are equal. A walk, not a
 * comparison of JSON strings: the root data is a new copy on every page, and this is the cheaper question.
 */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameData(item, b[i]));
  }
  const keys = Object.keys(a);
  return (
    !Array.isArray(b) &&
    keys.length === Object.keys(b).length &&
    keys.every((key) => sameData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  );
}

/**
 * The category bar's and the footer's inside for this page's root data, rendered the first time it is seen and
 * kept (decision 039). The key is everything they show: a change of the menu (an edited category) or of the
 * contact details, or a new year, makes a new entry.
 */
export function chromeHtml(root: ChromeData): ChromeHtml {
  const year = new Date().getFullYear();
  const found = kept.find(
    (entry) =>
      entry.year === year &&
      entry.data.lang === root.lang &&
      sameData(entry.data.menu, root.menu) &&
      sameData(entry.data.contact, root.contact),
  );
  if (found) {
    // The render thread hands every page of a second the same menu (decision 058): the next page's comparison
    // finds it by identity instead of walking it.
    found.data.menu = root.menu;
    return found.html;
  }
  const html: ChromeHtml = {
    menu: renderToString(
      <LanguageProvider value={root.lang}>
        <ClosedCategoryBar menu={root.menu} />
      </LanguageProvider>,
    ),
    footer: renderToString(
      <LanguageProvider value={root.lang}>
        <FooterContent contact={root.contact} year={year} />
      </LanguageProvider>,
    ),
  };
  if (kept.length >= MAX_KEPT) kept.length = 0;
  kept.push({ data: { lang: root.lang, menu: root.menu, contact: root.contact }, year, html });
  return html;
}
