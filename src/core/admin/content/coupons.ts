import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  type AdminContentPage,
  type AdminCouponQuery,
  type AdminCouponRow,
  baniToLeiInput,
  type CouponFormInput,
  type CouponFormValues,
} from '../../../contracts/admin-content';
import { isCouponActive } from '../../../contracts/coupons';
import { bucharestLocalInput, bucharestLocalInstant } from '../../../contracts/dates';
import { AppError } from '../../../contracts/errors';
import type { Db } from '../../../db/client';
import { coupons } from '../../../db/schema';
import { type Tx, withTransaction } from '../../../db/transaction';
import { recordAudit } from '../../audit/audit';
import type { CacheRegistry } from '../../cache/registry';
import { likePattern, pageOf } from './shared';

type CouponRow = typeof coupons.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', { messageKey: 'apiError.notFound.coupon' });
const codeTaken = () => new AppError('CONFLICT', { fields: { couponCode: 'validation.adminContent.couponCodeTaken' } });

function columnsOf(input: CouponFormInput) {
  return {
    title: input.title,
    couponCode: input.couponCode,
    discountPercentage: input.discountPercentage,
    minimumAmount: input.minimumAmount,
    productType: input.productType,
    endTime: bucharestLocalInstant(input.endTime),
    logo: input.logo,
  };
}

function snapshot(row: CouponRow) {
  return { ...row, endTime: row.endTime.toISOString() };
}

/** The back office's coupons (issue 13 item 4), as the checkout reads them (order-service checkCoupon). */
export function createAdminCoupons(db: Db, caches: CacheRegistry, now: () => Date) {
  /**
   * The checkout finds a code whatever its case, so two codes differing only in case would be one: refused
   * here (the unique index compares exact text).
   */
  async function assertCodeFree(tx: Tx, code: string, except: number | null) {
    const same = sql`lower(${coupons.couponCode}) = lower(${code})`;
    const [found] = await tx
      .select({ id: coupons.id })
      .from(coupons)
      .where(except === null ? same : and(same, ne(coupons.id, except)));
    if (found) throw codeTaken();
  }

  return {
    /** The ones ending last first (the active ones before the ended), filtered by a text in the code or title. */
    async list(query: AdminCouponQuery): Promise<AdminContentPage<AdminCouponRow>> {
      const pattern = query.q ? likePattern(query.q) : null;
      const where = pattern
        ? (or(ilike(coupons.couponCode, pattern), ilike(coupons.title, pattern)) as SQL)
        : undefined;
      const at = now();
      return pageOf(db, coupons, where, query.page, async (limit, offset) => {
        const rows = await db
          .select()
          .from(coupons)
          .where(where)
          .orderBy(desc(coupons.endTime), asc(coupons.id))
          .limit(limit)
          .offset(offset);
        return rows.map((r) => ({
          id: r.id,
          title: r.title,
          couponCode: r.couponCode,
          discountPercentage: r.discountPercentage,
          minimumAmount: r.minimumAmount,
          productType: r.productType,
          endTime: r.endTime.toISOString(),
          active: isCouponActive({ endTime: r.endTime.toISOString() }, at),
        }));
      });
    },

    async formValues(id: number): Promise<CouponFormValues> {
      const [c] = await db.select().from(coupons).where(eq(coupons.id, id));
      if (!c) throw notFound();
      return {
        title: c.title,
        couponCode: c.couponCode,
        discountPercentage: String(c.discountPercentage),
        minimumAmount: baniToLeiInput(c.minimumAmount),
        productType: c.productType,
        endTime: bucharestLocalInput(c.endTime),
        logo: c.logo,
      };
    },

    async create(staffId: number, input: CouponFormInput): Promise<number> {
      const id = await withTransaction(db, async (tx) => {
        await assertCodeFree(tx, input.couponCode, null);
        const [row] = await tx.insert(coupons).values(columnsOf(input)).onConflictDoNothing().returning();
        if (!row) throw codeTaken();
        await recordAudit(tx, {
          staffId,
          action: 'coupon.create',
          entity: 'coupon',
          entityId: row.id,
          before: null,
          after: snapshot(row),
        });
        return row.id;
      });
      caches.invalidate('content:coupons');
      return id;
    },

    async update(staffId: number, id: number, input: CouponFormInput): Promise<void> {
      await withTransaction(db, async (tx) => {
        const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
        if (!before) throw notFound();
        await assertCodeFree(tx, input.couponCode, id);
        const [after] = await tx.update(coupons).set(columnsOf(input)).where(eq(coupons.id, id)).returning();
        await recordAudit(tx, {
          staffId,
          action: 'coupon.update',
          entity: 'coupon',
          entityId: id,
          before: snapshot(before),
          after: snapshot(after),
        });
      });
      caches.invalidate('content:coupons');
    },
  };
}
