import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Counts carried over from the shop this one replaces (customers and orders since 2012).
 * The about page adds them to what this shop records itself.
 */
export const historicStatistics = pgTable('historic_statistics', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
});
