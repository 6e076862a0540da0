import { z } from 'zod';
import { emailSchema } from './accounts';
import { formFlagSchema, isValidIban } from './addresses';
import { BLOG_TYPES, type BlogType } from './blog';
import { CASE_STATUSES, type CaseStatus, MAX_CASE_SUM_LEI } from './cases-values';
import { productTypes } from './catalogue-values';
import { imagesFieldSchema, isShopImagePath } from './media';
import { DISPLAY_CURRENCIES, parseLei } from './money';
import { blankAsMissing, pageNumberSchema } from './pagination';
import { isPlainLine, isPlainText } from './validation';

/**
 * The back office's content screens (issue 13 item 4): humanitarian cases, blog posts, coupons, the contact
 * inbox and the about page's statistics. One schema per form, read by Conform in the browser and by the
 * route's action; the services in core/admin/content take what they output.
 */

export const ADMIN_CONTENT_PAGE_SIZE = 25;

const msg = (key: string) => ({ error: `validation.adminContent.${key}` });

/** A required one-line text of at most `max` characters. */
function line(max: number) {
  return z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .max(max, { error: `validation.adminContent.max${max}` })
    .refine(isPlainLine, { error: 'validation.controlCharacters' });
}

/** An optional one-line text: blank is null. */
function optionalLine(max: number) {
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .max(max, { error: `validation.adminContent.max${max}` })
      .refine(isPlainLine, { error: 'validation.controlCharacters' })
      .optional()
      .transform((v) => v ?? null),
  );
}

/** A required text of several lines. */
function text(max: number) {
  return z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .max(max, { error: `validation.adminContent.max${max}` })
    .refine(isPlainText, { error: 'validation.controlCharacters' });
}

/**
 * An image's address: a path of this shop (`/media/…` from the picture store, `/illustrations/…`), the same
 * rule as the galleries' (contracts/media.ts): the pages load nothing from another site (CSP).
 */
const imageRefSchema = z
  .string(msg('required'))
  .trim()
  .min(1, msg('required'))
  .max(500, msg('max500'))
  .refine(isShopImagePath, msg('imageRef'));

/** Image addresses one a line (a textarea); blank lines are skipped. A bad line is the field's one message. */
function imageList(max: number) {
  return z
    .string()
    .optional()
    .transform((v, ctx) => {
      const lines = (v ?? '')
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter(Boolean);
      if (lines.some((l) => !isShopImagePath(l)))
        ctx.addIssue({ code: 'custom', message: 'validation.adminContent.imageRef' });
      else if (lines.length > max) ctx.addIssue({ code: 'custom', message: 'validation.adminContent.tooMany' });
      return lines;
    });
}

/** A lei amount as people type it ("12,50") in bani. */
const leiSchema = z
  .string(msg('required'))
  .trim()
  .min(1, msg('required'))
  .transform((v, ctx) => {
    const bani = parseLei(v);
    if (bani === null || bani > MAX_CASE_SUM_LEI * 100) {
      ctx.addIssue({ code: 'custom', message: 'validation.adminContent.lei' });
      return z.NEVER;
    }
    return bani;
  });

/** Bani as the form shows them again ("12,50"). */
export function baniToLeiInput(bani: number): string {
  const lei = Math.trunc(bani / 100);
  const rest = bani % 100;
  return rest === 0 ? String(lei) : `${lei},${String(rest).padStart(2, '0')}`;
}

const daySchema = z
  .string(msg('required'))
  .trim()
  .min(1, msg('required'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, msg('day'))
  .refine((v) => {
    const at = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
  }, msg('day'));

/** A datetime-local field's value, read as Bucharest time by the service. */
const localTimeSchema = z
  .string(msg('required'))
  .trim()
  .min(1, msg('required'))
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, msg('dateTime'))
  .refine((v) => {
    const at = new Date(`${v}:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().startsWith(v);
  }, msg('dateTime'));

function wholeNumber(min: number, max: number, key: string) {
  return z.coerce.number(msg(key)).int(msg(key)).min(min, msg(key)).max(max, msg(key));
}

export const contentIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,8}$/, { error: 'validation.id' })
  .transform(Number);

const listText = z.preprocess(
  blankAsMissing,
  z.string().trim().max(100, msg('max100')).refine(isPlainLine, { error: 'validation.controlCharacters' }).optional(),
);

// ---------------------------------------------------------------------------------------------- cases

/** One bank account of a case: the currency it takes, its IBAN (checked), the bank (and optional branch, BIC). */
export const caseAccountSchema = z.object({
  currency: z.enum(DISPLAY_CURRENCIES, msg('currency')),
  iban: z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .refine(isValidIban, msg('iban'))
    .transform((v) => v.replace(/\s+/g, '').toUpperCase()),
  bank: line(100),
  branch: optionalLine(100),
  swift: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/, msg('swift')))
      .optional()
      .transform((v) => v ?? null),
  ),
});
export type CaseAccountInput = z.infer<typeof caseAccountSchema>;

export const MAX_CASE_ACCOUNTS = 10;
export const MAX_BLOG_SLIDER_IMAGES = 20;

/** Every field of a humanitarian case (SPEC §3, db/schema/cases.ts). */
export const caseFormSchema = z.object({
  caseTitle: line(200),
  beneficiaryName: line(200),
  age: z.preprocess(blankAsMissing, wholeNumber(0, 130, 'age').optional()),
  diagnosis: line(500),
  caseDescription: text(20_000),
  categoryId: wholeNumber(1, 2_000_000_000, 'category'),
  status: z.enum(CASE_STATUSES, msg('status')),
  currency: z.enum(DISPLAY_CURRENCIES, msg('currency')),
  necessarySum: leiSchema,
  treatmentCost: leiSchema,
  deadline: daySchema,
  location: line(200),
  hospitalLocation: line(200),
  beneficiaryAccountHolder: line(200),
  /** Blank: the gallery's first picture. */
  thumbnail: z.preprocess(blankAsMissing, imageRefSchema.optional()),
  // The photos: the kept ones, those ticked for removal, new files (the shop's picture store, decision 023).
  ...imagesFieldSchema.shape,
  accounts: z.array(caseAccountSchema, msg('accounts')).min(1, msg('accounts')).max(MAX_CASE_ACCOUNTS, msg('tooMany')),
  manager: z.object({
    name: line(100),
    email: emailSchema,
    telephone: line(40),
    schedule: line(200),
  }),
});
export type CaseFormInput = z.infer<typeof caseFormSchema>;

export const caseListQuerySchema = z
  .object({
    q: listText,
    status: z.preprocess(blankAsMissing, z.enum(CASE_STATUSES, msg('status')).optional()),
    page: pageNumberSchema,
  })
  .strict();
export type AdminCaseQuery = z.infer<typeof caseListQuerySchema>;

export interface AdminCaseRow {
  id: number;
  caseTitle: string;
  beneficiaryName: string;
  category: string;
  status: CaseStatus;
  necessarySum: number;
  currency: string;
  deadline: string;
  updatedAt: string;
  path: string;
}

/** A case as its edit form starts: the form's own shapes (lei strings, one row per account and currency). */
export interface CaseFormValues {
  caseTitle: string;
  beneficiaryName: string;
  age: string;
  diagnosis: string;
  caseDescription: string;
  categoryId: string;
  status: CaseStatus;
  currency: string;
  necessarySum: string;
  treatmentCost: string;
  deadline: string;
  location: string;
  hospitalLocation: string;
  beneficiaryAccountHolder: string;
  thumbnail: string;
  images: string[];
  accounts: { currency: string; iban: string; bank: string; branch: string; swift: string }[];
  manager: { name: string; email: string; telephone: string; schedule: string };
}

// ----------------------------------------------------------------------------------------------- blog

export const BLOG_BODY_MAX = 100_000;

/** Comma-separated tags, each a short plain line; a bad one is the field's one message. */
const tagsSchema = z
  .string()
  .optional()
  .transform((v, ctx) => {
    const tags = [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      ),
    ];
    if (tags.some((t) => t.length > 40 || !isPlainLine(t)))
      ctx.addIssue({ code: 'custom', message: 'validation.adminContent.tag' });
    else if (tags.length > 20) ctx.addIssue({ code: 'custom', message: 'validation.adminContent.tooMany' });
    return tags;
  });

/** A blog post's fields (SPEC §3); the body is Markdown, rendered and sanitised by the service. */
export const blogFormSchema = z
  .object({
    intent: z.enum(['save', 'publish', 'preview'], { error: 'validation.admin.intent' }),
    title: line(200),
    author: line(100),
    category: line(100),
    tags: tagsSchema,
    blog: z.enum(BLOG_TYPES, msg('blogType')),
    date: daySchema,
    smDesc: text(1000),
    body: text(BLOG_BODY_MAX),
    img: imageRefSchema,
    listImg: imageRefSchema,
    video: formFlagSchema,
    videoId: z.preprocess(
      blankAsMissing,
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{6,20}$/, msg('videoId'))
        .optional()
        .transform((v) => v ?? null),
    ),
    blockquote: formFlagSchema,
    slider: formFlagSchema,
    sliderImages: imageList(MAX_BLOG_SLIDER_IMAGES),
  })
  .superRefine((post, ctx) => {
    if (post.video && !post.videoId)
      ctx.addIssue({ code: 'custom', path: ['videoId'], message: 'validation.adminContent.videoIdRequired' });
    if (post.slider && post.sliderImages.length === 0)
      ctx.addIssue({ code: 'custom', path: ['sliderImages'], message: 'validation.adminContent.sliderImagesRequired' });
  });
export type BlogFormInput = z.infer<typeof blogFormSchema>;

export const blogListQuerySchema = z
  .object({
    q: listText,
    state: z.preprocess(blankAsMissing, z.enum(['published', 'draft'], msg('state')).optional()),
    page: pageNumberSchema,
  })
  .strict();
export type AdminBlogQuery = z.infer<typeof blogListQuerySchema>;

export interface AdminBlogRow {
  id: number;
  title: string;
  author: string;
  category: string;
  blog: BlogType;
  date: string;
  published: boolean;
}

export interface BlogFormValues {
  title: string;
  author: string;
  category: string;
  tags: string;
  blog: BlogType;
  date: string;
  smDesc: string;
  body: string;
  img: string;
  listImg: string;
  video: boolean;
  videoId: string;
  blockquote: boolean;
  slider: boolean;
  sliderImages: string;
}

// -------------------------------------------------------------------------------------------- coupons

/** What the checkout compares case-insensitively (order-service checkCoupon): letters, digits, - and _. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;

/** A coupon's fields (SPEC §3); `endTime` is Bucharest time, `minimumAmount` lei. */
export const couponFormSchema = z.object({
  title: line(100),
  couponCode: z
    .string(msg('required'))
    .trim()
    .min(1, msg('required'))
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(COUPON_CODE_PATTERN, msg('couponCode'))),
  discountPercentage: wholeNumber(1, 100, 'percent'),
  minimumAmount: leiSchema,
  productType: z.enum(productTypes, msg('productType')),
  endTime: localTimeSchema,
  logo: imageRefSchema,
});
export type CouponFormInput = z.infer<typeof couponFormSchema>;

export const couponListQuerySchema = z.object({ q: listText, page: pageNumberSchema }).strict();
export type AdminCouponQuery = z.infer<typeof couponListQuerySchema>;

export interface AdminCouponRow {
  id: number;
  title: string;
  couponCode: string;
  discountPercentage: number;
  minimumAmount: number;
  productType: string;
  endTime: string;
  active: boolean;
}

export interface CouponFormValues {
  title: string;
  couponCode: string;
  discountPercentage: string;
  minimumAmount: string;
  productType: string;
  endTime: string;
  logo: string;
}

// ------------------------------------------------------------------------------------------- messages

export const messageListQuerySchema = z
  .object({
    state: z.preprocess(blankAsMissing, z.enum(['open', 'handled'], msg('state')).optional()),
    page: pageNumberSchema,
  })
  .strict();
export type AdminMessageQuery = z.infer<typeof messageListQuerySchema>;

export const messageActionSchema = z.object({
  intent: z.enum(['handled', 'reopen'], { error: 'validation.admin.intent' }),
});

export interface AdminMessageRow {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  subject: string;
  createdAt: string;
  handledAt: string | null;
}

export interface AdminMessage extends AdminMessageRow {
  message: string;
}

// ----------------------------------------------------------------------------------------- statistics

/** The about page's counts carried over from the old shop (db/schema/about.ts), added to this shop's own. */
export const HISTORIC_STATISTIC_KEYS = ['customers', 'client_orders'] as const;
export type HistoricStatisticKey = (typeof HISTORIC_STATISTIC_KEYS)[number];

export const statisticsFormSchema = z.object({
  customers: wholeNumber(0, 1_000_000_000, 'count'),
  client_orders: wholeNumber(0, 1_000_000_000, 'count'),
});
export type StatisticsFormInput = z.infer<typeof statisticsFormSchema>;

/** A list's page as the services answer it (decision 022). */
export interface AdminContentPage<Row> {
  rows: Row[];
  total: number;
  page: number;
  lastPage: number;
}
