import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { seedDemoData } from '../../db/seed/seed';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { LexemeIndex } from './lexeme-index';
import { foldText, tsQueryText } from './search-text';

/**
 * The in-memory match must find exactly what `search_vector @@ to_tsquery(…)` finds: the database is
 * the oracle, over the demo catalogue and queries made of its own words (single words, pairs, prefixes,
 * spelling alternatives).
 */
describe.each(testDatabases)('the lexeme index matches as PostgreSQL does on $name', ({ url }) => {
  let db: TestDb;
  const lexemes = new LexemeIndex();
  let words: string[] = [];

  beforeAll(async () => {
    db = await createTestDb(url);
    await seedDemoData(db.db, 300);
    const rows = await queryRows<{ id: number; lexemes: string[] }>(
      db.db,
      sql`select id, tsvector_to_array(search_vector) as lexemes from products`,
    );
    for (const row of rows) lexemes.set(row.id, row.lexemes);
    const [{ text }] = await queryRows<{ text: string }>(
      db.db,
      sql`select string_agg(title || ' ' || description, ' ') as text from (select * from products order by id limit 40) p`,
    );
    words = [...new Set(foldText(text).split(/[^a-z0-9]+/))].filter((w) => w.length >= 3).sort();
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('finds the same products for 120 queries of the catalogue’s words', async () => {
    expect(words.length).toBeGreaterThan(30);
    const pick = (i: number) => words[(i * 7919) % words.length];
    let found = 0;
    for (let i = 0; i < 120; i++) {
      const query =
        i % 4 === 0
          ? tsQueryText([pick(i)], new Map(), { prefixLast: false })
          : i % 4 === 1
            ? tsQueryText([pick(i), pick(i + 1)], new Map(), { prefixLast: false })
            : i % 4 === 2
              ? tsQueryText([pick(i), pick(i + 3).slice(0, 3)], new Map(), { prefixLast: true })
              : tsQueryText([pick(i)], new Map([[pick(i), [pick(i + 5), pick(i + 9)]]]), { prefixLast: false });
      const [{ normalized, ids }] = await queryRows<{ normalized: string; ids: number[] | null }>(
        db.db,
        sql`select to_tsquery('public.shop_ro', ${query})::text as normalized,
          (select array_agg(id order by id) from products where search_vector @@ to_tsquery('public.shop_ro', ${query})) as ids`,
      );
      expect(lexemes.match(normalized), `${query} → ${normalized}`).toEqual(ids ?? []);
      if (ids?.length) found++;
    }
    // Most queries find something: the comparison is not between two empty lists.
    expect(found).toBeGreaterThan(60);
  });
});
