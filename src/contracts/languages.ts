// Without zod (unlike ./preferences.ts, which re-exports these): every page's browser bundle needs the
// languages, and zod would come along with a module that builds schemas at load time (issue 14).
export const LANGUAGES = ['ro', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

export const LANG_COOKIE = 'lang';
export const CURRENCY_COOKIE = 'currency';
