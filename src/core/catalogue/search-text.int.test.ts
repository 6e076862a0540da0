import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { seedDemoData } from '../../db/seed/seed';
import { createTestDb, type TestDb, testDatabases } from '../../db/testing';
import { foldText, joinedWordQueries, searchWords, tsQueryText } from './search-text';

/**
 * A search of plain words is normalised from its words' own normalised texts (listing.ts, resolveText), without a
 * statement of its own: the text joined must be the one PostgreSQL writes for the whole query, which is the oracle
 * here, over the demo catalogue's words, common short words, numbers and one-letter words.
 */
describe.each(testDatabases)('a search’s normalised text joined from its words on $name', ({ url }) => {
  let db: TestDb;
  let words: string[] = [];

  beforeAll(async () => {
    db = await createTestDb(url);
    await seedDemoData(db.db, 200);
    const [{ text }] = await queryRows<{ text: string }>(
      db.db,
      sql`select string_agg(title || ' ' || description || ' ' || array_to_string(authors, ' '), ' ') as text
        from (select * from products order by id limit 40) p`,
    );
    const catalogue = foldText(text)
      .split(/[^a-z0-9]+/)
      .filter(Boolean);
    const unusual = [
      'si',
      'de',
      'in',
      'care',
      'este',
      'sa',
      'the',
      'and',
      'x',
      'iv',
      '3',
      '2024',
      'a1b2',
      '0x1f',
      '1e5',
    ];
    words = [...new Set([...catalogue, ...unusual])].sort();
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it('equals PostgreSQL’s own text for 200 phrases of one to four words', async () => {
    expect(words.length).toBeGreaterThan(100);
    const own = new Map<string, string>();
    const rows = await queryRows<{ word: string; query: string }>(
      db.db,
      sql`select w.word, to_tsquery('public.shop_ro', w.word)::text as query
        from unnest(array[${sql.join(
          words.map((w) => sql`${w}`),
          sql`, `,
        )}]::text[]) as w(word)`,
    );
    for (const row of rows) own.set(row.word, row.query);
    const pick = (i: number) => words[(i * 7919) % words.length];
    let joinedCount = 0;
    for (let i = 0; i < 200; i++) {
      const phrase = Array.from({ length: 1 + (i % 4) }, (_, k) => pick(i * 5 + k)).join(' ');
      const phraseWords = searchWords(phrase);
      const query = tsQueryText(phraseWords, new Map(), { prefixLast: false });
      const joined = joinedWordQueries(phraseWords.map((w) => own.get(w) ?? null));
      const [{ normalized }] = await queryRows<{ normalized: string }>(
        db.db,
        sql`select to_tsquery('public.shop_ro', ${query})::text as normalized`,
      );
      if (joined === null) continue;
      joinedCount++;
      expect(joined, `${phrase} → ${query}`).toBe(normalized);
    }
    // The shop's configuration has no stop words: every phrase here is joined, so every one was compared.
    expect(joinedCount).toBe(200);
  });
});
