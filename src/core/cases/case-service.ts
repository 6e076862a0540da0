import { and, asc, count, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import {
  type CaseCategory,
  type CaseListQuery,
  type CaseStatus,
  casePath,
  caseSlug,
  type HumanitarianCase,
} from '../../contracts/cases';
import { daysUntil } from '../../contracts/dates';
import { leiToBani } from '../../contracts/money';
import { AppError } from '../../contracts/errors';
import { type Paginated, paginate } from '../../contracts/pagination';
import type { Language } from '../../contracts/preferences';
import type { Db } from '../../db/client';
import { caseCategories, type HumanitarianCaseRow, humanitarianCases } from '../../db/schema';
import type { CacheRegistry } from '../cache/registry';

/** SPEC §4: statuses shown as 'activ' and 'finalizat'. */
const statusNames: Record<Language, Record<CaseStatus, string>> = {
  ro: { active: 'activ', closed: 'finalizat' },
  en: { active: 'active', closed: 'closed' },
};

type CategoryRow = typeof caseCategories.$inferSelect;

function toCase(row: HumanitarianCaseRow, category: CategoryRow, lang: Language, now: Date): HumanitarianCase {
  const status = row.status as CaseStatus;
  return {
    id: row.id,
    slug: caseSlug({ id: row.id, beneficiary_name: row.beneficiaryName }),
    beneficiary_name: row.beneficiaryName,
    age: row.age,
    diagnosis: row.diagnosis,
    case_title: row.caseTitle,
    case_description: row.caseDescription,
    thumbnail: row.thumbnail,
    images: row.images,
    status,
    status_friendly_name: statusNames[lang][status],
    necessary_sum: { sum: row.necessarySum, currency: row.currency },
    treatment_cost: { sum: row.treatmentCost, currency: row.currency },
    remaining_days: status === 'closed' ? 0 : daysUntil(row.deadline, now),
    location: row.location,
    hospital_location: row.hospitalLocation,
    category: { id: category.id, slug: category.slug, name: lang === 'en' ? category.nameEn : category.name },
    beneficiary: row.beneficiaryAccountHolder,
    donations: row.donations,
    case_manager: row.caseManager,
    demo: row.isDemo,
  };
}

function filters(query: CaseListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(humanitarianCases.status, query.status));
  if (query.min_price !== undefined) conditions.push(gte(humanitarianCases.necessarySum, leiToBani(query.min_price)));
  if (query.max_price !== undefined) conditions.push(lte(humanitarianCases.necessarySum, leiToBani(query.max_price)));
  if (query.category_id?.length) conditions.push(inArray(humanitarianCases.categoryId, query.category_id));
  return conditions.length ? and(...conditions) : undefined;
}

const orderings = {
  newest: [desc(humanitarianCases.createdAt), desc(humanitarianCases.id)],
  urgent: [asc(humanitarianCases.status), asc(humanitarianCases.deadline), asc(humanitarianCases.id)],
  sum_asc: [asc(humanitarianCases.necessarySum), asc(humanitarianCases.id)],
  sum_desc: [desc(humanitarianCases.necessarySum), asc(humanitarianCases.id)],
} satisfies Record<CaseListQuery['sortBy'], SQL[]>;

/** The case the checkout shows and its donations go to, kept a minute (the checkout page asks on every view). */
const FIRST_ACTIVE_TTL_MS = 60_000;

export function createCaseService(db: Db, caches: CacheRegistry | null = null, clock: () => Date = () => new Date()) {
  const firstActiveCache = caches?.ttlCache<HumanitarianCase | null>('first active case', ['content:cases'], {
    max: 2,
    ttlMs: FIRST_ACTIVE_TTL_MS,
  });
  async function withCategory(where: SQL | undefined, lang: Language, limit = 1) {
    const rows = await db
      .select({ c: humanitarianCases, category: caseCategories })
      .from(humanitarianCases)
      .innerJoin(caseCategories, eq(caseCategories.id, humanitarianCases.categoryId))
      .where(where)
      .orderBy(...orderings.newest)
      .limit(limit);
    const now = clock();
    return rows.map((r) => toCase(r.c, r.category, lang, now));
  }

  return {
    /** SPEC §7 case list: filters, page and per_page, sorted; total in last_row. */
    async list(query: CaseListQuery, lang: Language): Promise<Paginated<HumanitarianCase>> {
      const where = filters(query);
      const [rows, [total]] = await Promise.all([
        db
          .select({ c: humanitarianCases, category: caseCategories })
          .from(humanitarianCases)
          .innerJoin(caseCategories, eq(caseCategories.id, humanitarianCases.categoryId))
          .where(where)
          .orderBy(...orderings[query.sortBy])
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ n: count() }).from(humanitarianCases).where(where),
      ]);
      const now = clock();
      return paginate(
        rows.map((r) => toCase(r.c, r.category, lang, now)),
        total.n,
        query.page,
        query.per_page,
      );
    },

    /** Throws a NOT_FOUND AppError when there is no such case. */
    async byId(id: number, lang: Language): Promise<HumanitarianCase> {
      const [found] = await withCategory(eq(humanitarianCases.id, id), lang);
      if (!found) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.case' });
      return found;
    },

    /** The newest active case: the one the checkout offers donations for (null when none is active, a normal answer). */
    async firstActive(lang: Language): Promise<HumanitarianCase | null> {
      const load = async () => (await withCategory(eq(humanitarianCases.status, 'active'), lang))[0] ?? null;
      return firstActiveCache ? firstActiveCache.get(lang, load) : load();
    },

    async categories(lang: Language): Promise<(CaseCategory & { count: number })[]> {
      const rows = await db
        .select({ category: caseCategories, count: count(humanitarianCases.id) })
        .from(caseCategories)
        .leftJoin(humanitarianCases, eq(humanitarianCases.categoryId, caseCategories.id))
        .groupBy(caseCategories.id)
        .orderBy(caseCategories.position);
      return rows.map(({ category, count }) => ({
        id: category.id,
        slug: category.slug,
        name: lang === 'en' ? category.nameEn : category.name,
        count,
      }));
    },

    /** Every case's detail path and last change, for the sitemap. */
    async sitemapRows(): Promise<{ path: string; updatedAt: Date }[]> {
      const rows = await db
        .select({
          id: humanitarianCases.id,
          name: humanitarianCases.beneficiaryName,
          updatedAt: humanitarianCases.updatedAt,
        })
        .from(humanitarianCases)
        .orderBy(humanitarianCases.id);
      return rows.map((r) => ({
        path: casePath({ id: r.id, beneficiary_name: r.name }),
        updatedAt: r.updatedAt,
      }));
    },
  };
}

export type CaseService = ReturnType<typeof createCaseService>;
