import { z } from 'zod';
import type { CurrencyAmount } from './money';
import { slugify } from './slug';
import { blankAsMissing, pageNumberSchema, perPageSchema } from './pagination';

import {
  CASE_EXCERPT_LENGTH,
  CASE_PAGE_SIZE,
  CASE_SORTS,
  CASE_STATUSES,
  type CaseStatus,
  MAX_CASE_SUM_LEI,
} from './cases-values';

export * from './cases-values';

export interface CaseCategory {
  id: number;
  slug: string;
  name: string;
}

/** SPEC §3 humanitarian case, with the spec's field names. */
export interface HumanitarianCase {
  id: number;
  slug: string;
  beneficiary_name: string;
  age: number | null;
  diagnosis: string;
  case_title: string;
  case_description: string;
  thumbnail: string;
  images: string[];
  status: CaseStatus;
  status_friendly_name: string;
  necessary_sum: CurrencyAmount;
  treatment_cost: CurrencyAmount;
  remaining_days: number;
  location: string;
  hospital_location: string;
  category: CaseCategory;
  beneficiary: string;
  donations: {
    bank: string;
    branch: string;
    swift_code: string;
    currencies: { currency: string; account_number: string }[];
  }[];
  case_manager: { name: string; email: string; telephone: string; schedule: string };
  /** Demo data (invented people and stories), labelled as such wherever it is shown. */
  demo: boolean;
}

const lei = z.preprocess(
  blankAsMissing,
  z.coerce
    .number({ error: 'validation.leiAmount' })
    .int({ error: 'validation.leiAmount' })
    .min(0, { error: 'validation.leiAmount' })
    .max(MAX_CASE_SUM_LEI, { error: 'validation.leiAmount' })
    .optional(),
);

/** SPEC §2 case list query: status, page, per_page, min_price, max_price (lei), category_id (comma list), sortBy. */
export const caseListQuerySchema = z
  .object({
    status: z.preprocess(blankAsMissing, z.enum(CASE_STATUSES, { error: 'validation.caseStatus' }).optional()),
    page: pageNumberSchema,
    per_page: perPageSchema(CASE_PAGE_SIZE),
    min_price: lei,
    max_price: lei,
    category_id: z.preprocess(
      blankAsMissing,
      z
        .string()
        .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, { error: 'validation.caseCategories' })
        .transform((list) => [...new Set(list.split(',').map(Number))])
        .optional(),
    ),
    sortBy: z.preprocess(blankAsMissing, z.enum(CASE_SORTS, { error: 'validation.caseSort' }).default('newest')),
  })
  .refine((q) => q.min_price === undefined || q.max_price === undefined || q.min_price <= q.max_price, {
    path: ['max_price'],
    error: 'validation.priceOrder',
  });
export type CaseListQuery = z.infer<typeof caseListQuerySchema>;

/** The detail URL's last segment: the beneficiary's name as a slug, a hyphen, then the id. */
export function caseSlug(c: { id: number; beneficiary_name: string }): string {
  const name = slugify(c.beneficiary_name);
  return name ? `${name}-${c.id}` : `caz-${c.id}`;
}

export function casePath(c: { id: number; beneficiary_name: string }): string {
  return `/pages/cazuri-umanitare/${caseSlug(c)}`;
}

/** SPEC §5: the id is the trailing digits, and the slug must end with a hyphen and digits. Null otherwise. */
export function extractCaseId(slug: string): number | null {
  const match = /-(\d{1,9})$/.exec(slug);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 ? id : null;
}

/** The first `max` characters of a text, cut at a word and marked with an ellipsis when shortened. */
export function excerpt(text: string, max = CASE_EXCERPT_LENGTH): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

/** The case list's query string as the schema reads it; repeated category_id boxes become one comma list. */
export function caseQueryInput(params: URLSearchParams): Record<string, string> {
  const input = Object.fromEntries(params);
  const categories = params.getAll('category_id').filter(Boolean);
  if (categories.length > 1) input.category_id = categories.join(',');
  return input;
}
