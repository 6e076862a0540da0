import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
