import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  type AdminCaseQuery,
  type AdminCaseRow,
  type AdminContentPage,
  baniToLeiInput,
  type CaseFormInput,
  type CaseFormValues,
} from '../../../contracts/admin-content';
import { type CaseStatus, casePath } from '../../../contracts/cases';
import { AppError } from '../../../contracts/errors';
import type { Db } from '../../../db/client';
import {
  type CaseDonationAccount,
  caseCategories,
  type HumanitarianCaseRow,
  humanitarianCases,
} from '../../../db/schema';
import { type Tx, withTransaction } from '../../../db/transaction';
import { recordAudit } from '../../audit/audit';
import type { CacheRegistry } from '../../cache/registry';
import { likePattern, pageOf } from './shared';

/**
 * The form's account rows (one per currency) grouped as the shop stores and shows them: one entry per bank
 * (and branch and BIC), with its accounts by currency.
 */
export function donationAccounts(rows: CaseFormInput['accounts']): CaseDonationAccount[] {
  const banks = new Map<string, CaseDonationAccount>();
  for (const row of rows) {
    const key = JSON.stringify([row.bank, row.branch ?? '', row.swift ?? '']);
    let bank = banks.get(key);
    if (!bank) {
      bank = { bank: row.bank, branch: row.branch ?? '', swift_code: row.swift ?? '', currencies: [] };
      banks.set(key, bank);
    }
    bank.currencies.push({ currency: row.currency, account_number: row.iban });
  }
  return [...banks.values()];
}

/**
 * The row of a form whose gallery (`images`) is already the final list of addresses (services.media.gallery).
 * The main image is the one typed, else the gallery's first; a case with neither is refused.
 */
function columnsOf(input: CaseFormInput) {
  const thumbnail = input.thumbnail ?? input.images[0];
  if (!thumbnail) throw new AppError('VALIDATION', { fields: { thumbnail: 'validation.adminContent.thumbnail' } });
  return {
    caseTitle: input.caseTitle,
    beneficiaryName: input.beneficiaryName,
    age: input.age ?? null,
    diagnosis: input.diagnosis,
    caseDescription: input.caseDescription,
    categoryId: input.categoryId,
    status: input.status,
    currency: input.currency,
    necessarySum: input.necessarySum,
    treatmentCost: input.treatmentCost,
    deadline: input.deadline,
    location: input.location,
    hospitalLocation: input.hospitalLocation,
    beneficiaryAccountHolder: input.beneficiaryAccountHolder,
    thumbnail,
    images: input.images,
    donations: donationAccounts(input.accounts),
    caseManager: input.manager,
  };
}

/** What the audit trail keeps of a case: its fields, not its timestamps. */
function snapshot(row: HumanitarianCaseRow) {
  const { createdAt: _created, updatedAt: _updated, ...fields } = row;
  return fields;
}

/** The back office's humanitarian cases (issue 13 item 4): list, read for the form, create, update. */
export function createAdminCases(db: Db, caches: CacheRegistry, now: () => Date) {
  async function assertCategory(tx: Tx, id: number) {
    const [found] = await tx.select({ id: caseCategories.id }).from(caseCategories).where(eq(caseCategories.id, id));
    if (!found) throw new AppError('VALIDATION', { fields: { categoryId: 'validation.adminContent.category' } });
  }

  return {
    async categories(): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: caseCategories.id, name: caseCategories.name })
        .from(caseCategories)
        .orderBy(caseCategories.position, caseCategories.id);
    },

    /** Newest first, filtered by status and a text in the title or the beneficiary's name. */
    async list(query: AdminCaseQuery): Promise<AdminContentPage<AdminCaseRow>> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(humanitarianCases.status, query.status));
      if (query.q) {
        const pattern = likePattern(query.q);
        conditions.push(
          or(ilike(humanitarianCases.caseTitle, pattern), ilike(humanitarianCases.beneficiaryName, pattern)) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      return pageOf(db, humanitarianCases, where, query.page, async (limit, offset) => {
        const rows = await db
          .select({ c: humanitarianCases, category: caseCategories.name })
          .from(humanitarianCases)
          .innerJoin(caseCategories, eq(caseCategories.id, humanitarianCases.categoryId))
          .where(where)
          .orderBy(desc(humanitarianCases.createdAt), desc(humanitarianCases.id))
          .limit(limit)
          .offset(offset);
        return rows.map(({ c, category }) => ({
          id: c.id,
          caseTitle: c.caseTitle,
          beneficiaryName: c.beneficiaryName,
          category,
          status: c.status as CaseStatus,
          necessarySum: c.necessarySum,
          currency: c.currency,
          deadline: c.deadline,
          updatedAt: c.updatedAt.toISOString(),
          path: casePath({ id: c.id, beneficiary_name: c.beneficiaryName }),
        }));
      });
    },

    /** The case as its form shows it; NOT_FOUND when there is none. */
    async formValues(id: number): Promise<CaseFormValues & { path: string; demo: boolean }> {
      const [c] = await db.select().from(humanitarianCases).where(eq(humanitarianCases.id, id));
      if (!c) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.case' });
      return {
        caseTitle: c.caseTitle,
        beneficiaryName: c.beneficiaryName,
        age: c.age === null ? '' : String(c.age),
        diagnosis: c.diagnosis,
        caseDescription: c.caseDescription,
        categoryId: String(c.categoryId),
        status: c.status as CaseStatus,
        currency: c.currency,
        necessarySum: baniToLeiInput(c.necessarySum),
        treatmentCost: baniToLeiInput(c.treatmentCost),
        deadline: c.deadline,
        location: c.location,
        hospitalLocation: c.hospitalLocation,
        beneficiaryAccountHolder: c.beneficiaryAccountHolder,
        thumbnail: c.thumbnail,
        images: c.images,
        accounts: c.donations.flatMap((bank) =>
          bank.currencies.map((a) => ({
            currency: a.currency,
            iban: a.account_number,
            bank: bank.bank,
            branch: bank.branch,
            swift: bank.swift_code,
          })),
        ),
        manager: { ...c.caseManager },
        path: casePath({ id: c.id, beneficiary_name: c.beneficiaryName }),
        demo: c.isDemo,
      };
    },

    /** A new case with its audit row, in one transaction; the shop's case caches are cleared after. */
    async create(staffId: number, input: CaseFormInput): Promise<number> {
      const id = await withTransaction(db, async (tx) => {
        await assertCategory(tx, input.categoryId);
        const [row] = await tx.insert(humanitarianCases).values(columnsOf(input)).returning();
        await recordAudit(tx, {
          staffId,
          action: 'case.create',
          entity: 'case',
          entityId: row.id,
          before: null,
          after: snapshot(row),
        });
        return row.id;
      });
      caches.invalidate('content:cases');
      return id;
    },

    /** Every field of a case, with its before and after in the audit trail. */
    async update(staffId: number, id: number, input: CaseFormInput): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [before] = await tx.select().from(humanitarianCases).where(eq(humanitarianCases.id, id)).for('update');
        if (!before) throw new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.case' });
        await assertCategory(tx, input.categoryId);
        const [after] = await tx
          .update(humanitarianCases)
          .set({ ...columnsOf(input), updatedAt: now() })
          .where(eq(humanitarianCases.id, id))
          .returning();
        await recordAudit(tx, {
          staffId,
          action: 'case.update',
          entity: 'case',
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
        });
      });
      caches.invalidate('content:cases');
    },
  };
}
