import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepStatementsParsed } from './pglite-statements';

/** Statements kept parsed on PGlite (decision 019) answer exactly what PGlite's own query answers. */
describe('PGlite with statements kept parsed', () => {
  let kept: PGlite;
  let plain: PGlite;

  beforeAll(async () => {
    kept = await PGlite.create();
    plain = await PGlite.create();
    await keepStatementsParsed(kept, 3);
    for (const db of [kept, plain]) {
      await db.exec(`create table t (id int primary key, name text, data jsonb, at timestamptz, big bigint)`);
    }
  });
  afterAll(async () => {
    await kept.close();
    await plain.close();
  });

  const both = async (text: string, params: unknown[] = [], options?: Parameters<PGlite['query']>[2]) => {
    const [a, b] = [await kept.query(text, params, options), await plain.query(text, params, options)];
    return { kept: a, plain: b };
  };

  it('answers the same rows, fields and counts as the ordinary path, also when run again', async () => {
    const at = new Date('2026-11-25T10:00:00Z');
    for (let id = 1; id <= 3; id++) {
      const insert = await both('insert into t values ($1, $2, $3, $4, $5) returning *', [
        id,
        id === 2 ? null : `n${id}`,
        { tags: ['a', id] },
        at,
        9_007_199_254_740_993n,
      ]);
      expect(insert.kept).toEqual(insert.plain);
    }
    for (let run = 0; run < 3; run++) {
      const select = await both('select * from t where id >= $1 order by id', [1]);
      expect(select.kept.rows).toHaveLength(3);
      expect(select.kept).toEqual(select.plain);
      const arrays = await both('select id, data from t where id = $1', [2], { rowMode: 'array' });
      expect(arrays.kept).toEqual(arrays.plain);
    }
    // They ran as statements kept by name (exec is PGlite's simple protocol, never kept).
    const [prepared] = await kept.exec(`select name from pg_prepared_statements where name like 'kept_%'`);
    expect(prepared?.rows.length).toBeGreaterThan(0);
    const update = await both('update t set name = $1 where id <> $2', ['x', 1]);
    expect(update.kept.affectedRows).toBe(2);
    expect(update.kept).toEqual(update.plain);
  });

  it('keeps working past its limit: the least recently used statements are closed and made again', async () => {
    for (let run = 0; run < 3; run++) {
      for (let id = 1; id <= 6; id++) {
        const { rows } = await kept.query<{ id: number }>(`select id from t where id = $1 and ${id} > 0`, [1]);
        expect(rows).toEqual([{ id: 1 }]);
      }
    }
  });

  it('answers a failing statement with PostgreSQL’s error and the statement, and runs it again afterwards', async () => {
    const duplicate = kept.query('insert into t (id) values ($1)', [1]);
    await expect(duplicate).rejects.toMatchObject({ code: '23505', query: 'insert into t (id) values ($1)' });
    await expect(kept.query('insert into t (id) values ($1)', [4])).resolves.toMatchObject({ affectedRows: 1 });
    await expect(kept.query('select * from nowhere where id = $1', [1])).rejects.toMatchObject({ code: '42P01' });
  });

  it('follows a table that changed under a kept statement', async () => {
    const text = 'select * from t where id = $1';
    await kept.query(text, [1]);
    await kept.exec('alter table t add column extra text');
    const { rows } = await kept.query<Record<string, unknown>>(text, [1]);
    expect(rows[0]).toHaveProperty('extra', null);
  });

  it('waits for an open transaction, as PGlite’s own query does', async () => {
    const order: string[] = [];
    const tx = kept.transaction(async (t) => {
      await t.query('update t set name = $1 where id = $2', ['in-tx', 1]);
      await new Promise((resolve) => setImmediate(resolve));
      order.push('transaction');
    });
    const outside = kept.query<{ name: string }>('select name from t where id = $1', [1]).then((r) => {
      order.push('outside');
      return r.rows[0]?.name;
    });
    await tx;
    expect(await outside).toBe('in-tx');
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('keeps a transaction’s statements too: the same answers, committed or rolled back whole', async () => {
    const select = 'select id, name, data from t where id = $1';
    const inTransaction = await kept.transaction(async (t) => {
      await t.query('insert into t (id, name, data) values ($1, $2, $3)', [20, 'tx', { a: 1 }]);
      return t.query(select, [20]);
    });
    expect(inTransaction).toEqual(await kept.query(select, [20]));
    expect(inTransaction.rows).toEqual([{ id: 20, name: 'tx', data: { a: 1 } }]);
    // Run as a statement kept by name, not PGlite's parse-per-statement path.
    const [named] = await kept.exec(`select statement from pg_prepared_statements where name like 'kept_%'`);
    expect(named?.rows).toContainEqual({ statement: 'insert into t (id, name, data) values ($1, $2, $3)' });

    // A failing statement rolls the whole transaction back; a statement first parsed in it stays usable.
    const failing = kept.transaction(async (t) => {
      await t.query('update t set name = $1 where id = $2 returning id', ['rolled back', 20]);
      await t.query('insert into t (id) values ($1)', [20]);
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    expect((await kept.query<{ name: string }>(select, [20])).rows[0]?.name).toBe('tx');
    const again = await kept.query<{ id: number }>('update t set name = $1 where id = $2 returning id', ['later', 20]);
    expect(again.rows).toEqual([{ id: 20 }]);

    // An explicit rollback undoes the kept statements' writes; the closed transaction refuses more.
    let closed: Parameters<Parameters<PGlite['transaction']>[0]>[0] | undefined;
    await kept.transaction(async (t) => {
      await t.query('delete from t where id = $1', [20]);
      await t.rollback();
      closed = t;
    });
    expect((await kept.query(select, [20])).rows).toHaveLength(1);
    await expect(closed?.query(select, [20])).rejects.toThrow('Transaction is closed');
  });

  it('plans searches and pattern matches for their own values, and lets other statements reuse a generic plan', async () => {
    const lookup = 'select name from t where id = $1';
    const pattern = 'select id from t where name like $1';
    for (let run = 0; run < 8; run++) {
      await kept.query(lookup, [run]);
      await kept.query(pattern, [`${run}%`]);
    }
    const plans = async (statement: string) => {
      const [r] = await kept.exec(
        `select generic_plans, custom_plans from pg_prepared_statements where statement = '${statement.replace(/'/g, "''")}'`,
      );
      return r?.rows[0] as { generic_plans: number; custom_plans: number };
    };
    expect((await plans(lookup)).generic_plans).toBeGreaterThan(0);
    expect(await plans(pattern)).toEqual({ generic_plans: 0, custom_plans: 8 });
    // The session is back on PostgreSQL's default after each, also after one that failed.
    await expect(kept.query('select id from t where name like $1 and id = 1 / $2', ['%', 0])).rejects.toMatchObject({
      code: '22012',
    });
    const [mode] = await kept.exec('show plan_cache_mode');
    expect(mode?.rows[0]).toEqual({ plan_cache_mode: 'auto' });
  });
});
