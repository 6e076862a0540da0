import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Counts carried over from the shop this one replaces (customers and orders since 2012).
 * The about page adds them to what this shop records itself.
 */
export const historicStatistics = pgTable('historic_statistics', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});

/** SPEC §3 blog post. `desc` is safe HTML: it is sanitised before it is stored (contracts/rich-text.ts). */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial('id').primaryKey(),
    img: text('img').notNull(),
    listImg: text('list_img').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    author: text('author').notNull(),
    title: text('title').notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    category: text('category').notNull(),
    comments: integer('comments').notNull().default(0),
    smDesc: text('sm_desc').notNull(),
    desc: text('desc').notNull(),
    /** SPEC §3 blog type: electronics, fashion, blog-postbox or blog-grid. */
    blog: text('blog').notNull(),
    video: boolean('video').notNull().default(false),
    videoId: text('video_id'),
    blockquote: boolean('blockquote').notNull().default(false),
    slider: boolean('slider').notNull().default(false),
    sliderImages: text('slider_images').array().notNull().default(sql`'{}'::text[]`),
    isDemo: boolean('is_demo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('blog_posts_published_idx').on(t.publishedAt),
    index('blog_posts_type_idx').on(t.blog),
    index('blog_posts_tags_idx').using('gin', t.tags),
    check('blog_posts_type_check', sql`${t.blog} in ('electronics', 'fashion', 'blog-postbox', 'blog-grid')`),
  ],
);

/** SPEC §3 coupon. Amounts in bani. */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    logo: text('logo').notNull(),
    couponCode: text('coupon_code').notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    discountPercentage: smallint('discount_percentage').notNull(),
    minimumAmount: integer('minimum_amount').notNull(),
    productType: text('product_type').notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
  },
  (t) => [
    uniqueIndex('coupons_code_key').on(t.couponCode),
    check('coupons_discount_check', sql`${t.discountPercentage} between 1 and 100`),
    check('coupons_minimum_check', sql`${t.minimumAmount} >= 0`),
  ],
);

/** Kinds of need the association helps with (SPEC §1): sick children, elderly people, orphans… */
export const caseCategories = pgTable(
  'case_categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [uniqueIndex('case_categories_slug_key').on(t.slug)],
);

export interface CaseDonationAccount {
  bank: string;
  branch: string;
  swift_code: string;
  currencies: { currency: string; account_number: string }[];
}

export interface CaseManager {
  name: string;
  email: string;
  telephone: string;
  schedule: string;
}

/** SPEC §3 humanitarian case. Sums in bani of `currency`; days left follow from `deadline`. */
export const humanitarianCases = pgTable(
  'humanitarian_cases',
  {
    id: serial('id').primaryKey(),
    beneficiaryName: text('beneficiary_name').notNull(),
    /** Null for projects that help a group rather than one person. */
    age: smallint('age'),
    diagnosis: text('diagnosis').notNull(),
    caseTitle: text('case_title').notNull(),
    caseDescription: text('case_description').notNull(),
    thumbnail: text('thumbnail').notNull(),
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    status: text('status').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => caseCategories.id),
    currency: text('currency').notNull().default('RON'),
    necessarySum: integer('necessary_sum').notNull(),
    treatmentCost: integer('treatment_cost').notNull(),
    deadline: date('deadline').notNull(),
    location: text('location').notNull(),
    hospitalLocation: text('hospital_location').notNull(),
    beneficiaryAccountHolder: text('beneficiary_account_holder').notNull(),
    donations: jsonb('donations').$type<CaseDonationAccount[]>().notNull(),
    caseManager: jsonb('case_manager').$type<CaseManager>().notNull(),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('humanitarian_cases_status_idx').on(t.status, t.createdAt),
    index('humanitarian_cases_category_idx').on(t.categoryId),
    check('humanitarian_cases_status_check', sql`${t.status} in ('active', 'closed')`),
    check('humanitarian_cases_sums_check', sql`${t.necessarySum} >= 0 and ${t.treatmentCost} >= 0`),
  ],
);

/** Messages sent through the contact form. The sender's address is kept only as a keyed hash, for the rate limit. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    clientHash: text('client_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_client_idx').on(t.clientHash, t.createdAt)],
);

/**
 * Transactional mail outbox (docs/decisions/006-mail-outbox.md): a mail is a row written in the same
 * transaction as what caused it, and a relay delivers pending rows, retrying with back-off.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

export type BlogPostRow = typeof blogPosts.$inferSelect;
export type HumanitarianCaseRow = typeof humanitarianCases.$inferSelect;
