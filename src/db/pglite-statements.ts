import { type PGlite, parse, protocol, type Results } from '@electric-sql/pglite';

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

const { serialize } = protocol;

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
 * seen before is bound and executed in one, which made the 20-line cart's query about four times cheaper. Plans
 * are still made for each execution's values (`plan_cache_mode = force_custom_plan`), so a search never runs on
 * a generic plan. Transactions keep PGlite's own path (drizzle runs them on PGlite's transaction object).
 * At most `max` statements are kept; the least recently used is closed first.
 */
export async function keepStatementsParsed(client: PGlite, max = 300): Promise<void> {
  await client.exec('set plan_cache_mode = force_custom_plan');
  const ordinaryQuery = client.query.bind(client);
  const statements = new Map<string, Statement>();
  let counter = 0;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Statement> {
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
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function runKept<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the map's first entry is the one to close when full.
      statements.delete(text);
      statements.set(text, statement);
    } else {
      statement = await prepare(text, options);
    }
    const { paramTypes } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = paramTypes[i] as number;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await client.execProtocol(
      concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || !PLANNABLE.test(text)) return ordinaryQuery<T>(text, params, options);
    await client._checkReady();
    try {
      // The same locks as PGlite's own query: after any open transaction, one statement at a time.
      return await client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(() => runKept<T>(text, params, options)),
      );
    } catch (err) {
      if ((err as { code?: string }).code !== PLAN_CHANGED) throw annotated(err, text, params);
      statements.delete(text);
      return ordinaryQuery<T>(text, params, options);
    }
  };
}

/** PGlite's own errors carry the statement and its values; so do these (the logs name the failing query). */
function annotated(err: unknown, query: string, params: unknown[]): unknown {
  if (err && typeof err === 'object') Object.assign(err, { query, params });
  return err;
}
