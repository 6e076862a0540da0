import { LANGUAGES, type Language } from '../../contracts/languages';

/**
 * Message areas: each `<area>.<ro|en>.ts` file of this folder is one area of one language. A route
 * names the areas its components use in `handle.i18n`, and a part it loads lazily names those it adds
 * (`{ i18n: [...] }` beside its `import()`, loaded with its code); the root's own components (header,
 * footer, cookie banner, error pages) use only the areas every page loads; field messages of an error page
 * come translated in its loader data, so only pages with forms load `validation`.
 */
export const ALWAYS_LOADED_AREAS: readonly string[] = ['common'];

export interface I18nHandle {
  i18n?: readonly string[];
}

/** The areas the matched routes need, always-loaded ones first, each once. */
export function areasOf(matches: readonly { handle?: unknown }[]): string[] {
  const areas = new Set(ALWAYS_LOADED_AREAS);
  for (const match of matches) {
    const handle = match.handle as I18nHandle | undefined;
    for (const area of handle?.i18n ?? []) areas.add(area);
  }
  return [...areas];
}

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}
