import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The shop's settings that staff change in the back office (issue 13 item 5, decision 024): one row per
 * kind ('invoice': the association's invoice details and series; 'depot': the pickup depot's address),
 * its value a JSON object checked by the schema in contracts/admin-shipping.ts. A kind without a row
 * takes its first value from the configuration (server/config.ts) or the code (contracts/shipping.ts).
 */
export const shopSettings = pgTable('shop_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
