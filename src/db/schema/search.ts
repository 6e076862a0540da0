import { index, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * The search lexicon: every word (lower case, without diacritics, 2+ characters) of the products'
 * titles, authors, publishers, translations, bindings and descriptions, with its lexeme (the stem the
 * search index holds). A query word whose lexeme is unknown is corrected against the words with
 * pg_trgm. Filled by statement triggers on products (migration 0004_search_sql; an update only when it
 * changes a row's words, migration 0023).
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    lexeme: text('lexeme').notNull(),
  },
  (t) => [index('search_words_lexeme_idx').on(t.lexeme)],
);

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
