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

export type HumanitarianCaseRow = typeof humanitarianCases.$inferSelect;
