/**
 * The static legal and help pages of SPEC §2, plus the cookie policy: their slugs under /pages/.
 * Their texts are content files in src/web/content/pages/ (docs/content.md).
 */
export const STATIC_PAGE_SLUGS = [
  'termeni-si-conditii',
  'cum-cumpar',
  'confidentialitate',
  'comenzi-externe',
  'retururi-colete',
  'curier-rapid',
  'posta-romana',
  'tabita-tour',
  'atlassib',
  'posta-romana-international',
  'curier-rapid-international-gls',
  'magazinele-noastre',
  'parteneriate-libraria-crestina-maranatha',
  'politica-cookies',
] as const;
export type StaticPageSlug = (typeof STATIC_PAGE_SLUGS)[number];

export const COOKIE_POLICY_PATH = '/pages/politica-cookies';

/** SPEC §3 sister store entry: the association's other online shops (configured). */
export interface SisterStore {
  name: string;
  url: string;
  displayText: string;
}
