import { z } from 'zod';
import type { BlogPost, BlogPostWithNeighbours } from '../../contracts/blog';
import { BLOG_TYPES } from '../../contracts/blog';
import { CASE_STATUSES, type HumanitarianCase } from '../../contracts/cases';
import { apiErrorSchema } from '../../contracts/errors';

/**
 * Response schemas of the API routes whose contracts are TypeScript interfaces, so that
 * /api/openapi.json documents every answer (decision 010). `satisfies` keeps them in step with the
 * interfaces: a field added there and not here fails the type check.
 */

/** Every route's 4xx/5xx answers: the one error shape. */
export const errorResponses = {
  400: apiErrorSchema.describe('Invalid parameters: `fields` names each one'),
  404: apiErrorSchema.describe('No such resource'),
  500: apiErrorSchema.describe('Unexpected failure (logged)'),
} as const;

const blogPostSchema = z.object({
  id: z.number().int(),
  img: z.string(),
  date: z.string(),
  author: z.string(),
  title: z.string(),
  tags: z.array(z.string()),
  category: z.string(),
  comments: z.number().int(),
  sm_desc: z.string(),
  desc: z.string(),
  blog: z.enum(BLOG_TYPES),
  list_img: z.string(),
  video: z.boolean(),
  video_id: z.string().nullable(),
  blockquote: z.boolean(),
  slider: z.boolean(),
  slider_images: z.array(z.string()),
}) satisfies z.ZodType<BlogPost>;

const neighbourSchema = z.object({ id: z.number().int(), title: z.string() }).nullable();

export const blogPostWithNeighboursSchema = z.object({
  post: blogPostSchema,
  previous: neighbourSchema,
  next: neighbourSchema,
}) satisfies z.ZodType<BlogPostWithNeighbours>;

/** SPEC §3's page of rows: current_page, last_page, per_page, last_row (the total) and data. */
const paginated = <T extends z.ZodType>(row: T) =>
  z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    per_page: z.number().int(),
    last_row: z.number().int(),
    data: z.array(row),
  });

export const blogListSchema = paginated(blogPostSchema.omit({ desc: true }));

const moneySchema = z.object({ sum: z.number().int().describe('bani'), currency: z.string() });

export const humanitarianCaseSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  beneficiary_name: z.string(),
  age: z.number().int().nullable(),
  diagnosis: z.string(),
  case_title: z.string(),
  case_description: z.string(),
  thumbnail: z.string(),
  images: z.array(z.string()),
  status: z.enum(CASE_STATUSES),
  status_friendly_name: z.string(),
  necessary_sum: moneySchema,
  treatment_cost: moneySchema,
  remaining_days: z.number().int(),
  location: z.string(),
  hospital_location: z.string(),
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  beneficiary: z.string(),
  donations: z.array(
    z.object({
      bank: z.string(),
      branch: z.string(),
      swift_code: z.string(),
      currencies: z.array(z.object({ currency: z.string(), account_number: z.string() })),
    }),
  ),
  case_manager: z.object({ name: z.string(), email: z.string(), telephone: z.string(), schedule: z.string() }),
  demo: z.boolean(),
}) satisfies z.ZodType<HumanitarianCase>;

export const caseListSchema = paginated(humanitarianCaseSchema);
