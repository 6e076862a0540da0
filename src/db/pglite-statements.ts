import { type PGlite, parse, protocol, type Results, type Transaction } from '@electric-sql/pglite';

type QueryOptions = NonNullable<Parameters<PGlite['query']>[2]>;

interface Statement {
  name: string;
  /** The parameters' type oids, as PostgreSQL inferred them when the statement was parsed. */
  paramTypes: number[];
}

/** PostgreSQL's "cached plan must not change result type": the table changed under a kept statement. */
const PLAN_CHANGED = '0A000';

/** Reads and writes; DDL, SET, BEGIN and the like go the ordinary way, never kept. */
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * Statements whose best plan depends on their values: searches (`@@`, trigram `%`, similarity, ranking), pattern
 * matches and pages of a listing (`offset`). They are planned for each execution's values. Every other kept
 * statement (key lookups, a cart's lines, an order's writes) gets PostgreSQL's default choice, a generic plan once
 * it is estimated no worse: planning was three quarters of such a statement's time on PGlite (0.3–0.4 ms against
 * 0.08 ms for the cart's lines).
 */
const VALUE_DEPENDENT = /@@|\bi?like\b|similarity|ts_rank|<%|%>|\s%\s|\boffset\b/i;

const { serialize } = protocol;

const FORCE_CUSTOM_PLAN = serialize.query('set plan_cache_mode = force_custom_plan');
const DEFAULT_PLAN = serialize.query('set plan_cache_mode = auto');

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Keeps PGlite's statements parsed, as postgres.js and most drivers do on a server (decision 019). PGlite's own
 * `query` parses, describes, binds and executes each statement in six calls into its WebAssembly; a statement
 * seen before is bound and executed in one, which made the 20-line cart's query about four times cheaper. A
 * statement whose plan depends on its values (VALUE_DEPENDENT) is planned for each execution's values; the others
 * may run on a generic plan. A transaction's statements are kept too. At most `max` statements are kept; the least
 * recently used is closed first.
 */
export async function keepStatementsParsed(client: PGlite, max = 300): Promise<void> {
  const ordinaryQuery = client.query.bind(client);
  const statements = new Map<string, Statement>();
  let counter = 0;

  async function prepare(text: string, options: QueryOptions | undefined, inTransaction: boolean): Promise<Statement> {
    const name = `kept_${++counter}`;
    const evicted: Uint8Array[] = [];
    while (statements.size >= max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      evicted.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const { messages } = await client.execProtocol(
      concat([
        ...evicted,
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]),
      { syncToFs: !inTransaction },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function runKept<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the map's first entry is the one to close when full.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options, inTransaction);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const execution = [
      serialize.bind({ statement: statement.name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    // Planned for its own values: the session's plan cache mode is switched around it, in the same call. In a
    // transaction that fails meanwhile, the second SET fails too and the rollback restores the first value.
    const custom = VALUE_DEPENDENT.test(text);
    const { messages } = await client.execProtocol(
      concat(custom ? [FORCE_CUSTOM_PLAN, ...execution, DEFAULT_PLAN] : execution),
      // As PGlite's own statements: the file system is synced after a statement, or at the transaction's end.
      { syncToFs: !inTransaction },
    );
    const results = parse.parseResults(messages, parsersOf(options), { rowMode: options?.rowMode });
    return results[custom ? 1 : 0] as Results<T>;
  }

  /**
   * The caller's parsers over the client's: PGlite's result parser copies the client's ~320 parsers into a new
   * object for every statement that brings its own (drizzle's always do), ~60 µs and that much garbage each;
   * an object whose prototype is the client's map looks them up the same way for the cost of the caller's few.
   */
  function parsersOf(options: QueryOptions | undefined): Record<number, (value: string, typeId?: number) => unknown> {
    if (!options?.parsers) return client.parsers;
    return Object.assign(Object.create(client.parsers), options.parsers);
  }

  /** A statement through the kept ones, the ordinary way when it cannot be kept. */
  async function query<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    ordinary: () => Promise<Results<T>>,
    exclusive: (run: () => Promise<Results<T>>) => Promise<Results<T>>,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    if (options?.blob || !PLANNABLE.test(text)) return ordinary();
    try {
      return await exclusive(() => runKept<T>(text, params, options, inTransaction));
    } catch (err) {
      if ((err as { code?: string }).code !== PLAN_CHANGED) throw annotated(err, text, params);
      statements.delete(text);
      throw err;
    }
  }

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    await client._checkReady();
    const ordinary = () => ordinaryQuery<T>(text, params, options);
    try {
      // The same locks as PGlite's own query: after any open transaction, one statement at a time.
      return await query<T>(
        text,
        params,
        options,
        ordinary,
        (run) => client._runExclusiveTransaction(() => client._runExclusiveQuery(run)),
        false,
      );
    } catch (err) {
      // Outside a transaction a statement whose table changed can simply run again, the ordinary way.
      if ((err as { code?: string }).code !== PLAN_CHANGED) throw err;
      return ordinary();
    }
  };

  // A transaction's statements are kept too (drizzle runs them on PGlite's transaction object): the transaction
  // holds PGlite's transaction lock throughout, so each statement takes only the query lock, as PGlite's own do.
  const ordinaryTransaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    ordinaryTransaction((tx) => {
      const kept: Transaction = Object.create(tx);
      kept.query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (tx.closed) throw new Error('Transaction is closed');
        return query<R>(
          text,
          params,
          options,
          () => tx.query<R>(text, params, options),
          (run) => client._runExclusiveQuery(run),
          true,
        );
      };
      return callback(kept);
    });
}

/** PGlite's own errors carry the statement and its values; so do these (the logs name the failing query). */
function annotated(err: unknown, query: string, params: unknown[]): unknown {
  if (err && typeof err === 'object') Object.assign(err, { query, params });
  return err;
}
