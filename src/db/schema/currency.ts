import { numeric, pgTable, text, date, timestamp } from 'drizzle-orm/pg-core';

/** How many RON one unit of the currency costs, as published on rate_date. */
export const currencyRates = pgTable('currency_rates', {
  code: text('code').primaryKey(),
  ronPerUnit: numeric('ron_per_unit', { precision: 14, scale: 6 }).notNull(),
  rateDate: date('rate_date').notNull(),
  source: text('source').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
