import { asc, desc } from 'drizzle-orm';
import type { Coupon } from '../../contracts/coupons';
import type { Db } from '../../db/client';
import { coupons } from '../../db/schema';

export function createCouponService(db: Db) {
  return {
    /** Every coupon, the ones ending last first (active ones before expired ones). */
    async list(): Promise<Coupon[]> {
      const rows = await db.select().from(coupons).orderBy(desc(coupons.endTime), asc(coupons.id));
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        logo: row.logo,
        couponCode: row.couponCode,
        endTime: row.endTime.toISOString(),
        discountPercentage: row.discountPercentage,
        minimumAmount: row.minimumAmount,
        productType: row.productType,
      }));
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
