import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The search lexicon: every word (lower case, without diacritics, 3+ letters) of the products' titles,
 * authors, publishers, translations and bindings. Misspelled query words are corrected against it with
 * pg_trgm. Filled by statement triggers on products (migration 0002_search_sql).
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
});

/** Author and publisher names for the header's suggestions; `norm` is lower case without diacritics. */
export const searchNames = pgTable(
  'search_names',
  {
    kind: text('kind', { enum: ['author', 'publisher'] }).notNull(),
    name: text('name').notNull(),
    norm: text('norm').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.name] })],
);
