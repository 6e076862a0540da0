import type autocannon from 'autocannon';
/** A benchmark scenario: one URL hammered by autocannon, with the budget it must keep. */
export interface BenchContext {
  baseURL: string;
  sampleProductSlug: string;
  /** A few hundred product slugs found by following links, for scenarios that should not hit one page only. */
  sampleProductSlugs: string[];
  /** The server's DATA_DIR (the simulator's keys, the mail outbox). */
  dataDir: string;
  /** The bench's PostgreSQL database (`--db postgres`), for scenarios that write their data straight to it. */
  databaseUrl?: string;
}

/** What a scenario sends besides its path: a method, headers (a cart cookie) and a body. */
export interface BenchRequest {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Headers and body of each request in turn, for requests that cannot repeat (an order: its own cart and key). */
  next?: () => { headers: Record<string, string>; body: string };
  /**
   * How many requests `next` answers before they repeat or run out (an order's cart is spent once ordered). The
   * soak spreads them over its whole duration, so its traffic stays the same mix to the end.
   */
  distinct?: number;
  /** The paths to take in turn, when only the preparation knows them (the scenario's `path` names them then). */
  paths?: string[];
}

export interface Scenario {
  name: string;
  /** One path, or several that the connections take in turn. */
  path: string | ((ctx: BenchContext) => string | string[]);
  /**
   * Run once before the scenario (after the server is up): makes what it needs (an account to log into, a cart)
   * and answers what every request sends besides its path.
   */
  prepare?: (ctx: BenchContext) => Promise<BenchRequest>;
  /** A p99 per database when they differ (issue 14: search ≤ 60 ms on PGlite, ≤ 100 ms on PostgreSQL with 200,000). */
  budget?: {
    p95Ms?: number;
    p99Ms?: number | { pglite: number; postgres: number };
    minRps?: { pglite: number; postgres: number };
  };
  /** Concurrent connections when not the run's (one: the time to make one thing, without queueing). */
  connections?: number;
  /** The databases the scenario is measured on, when not both (the 100,000-order lists: PostgreSQL). */
  databases?: readonly ('pglite' | 'postgres')[];
  /**
   * Each of its URLs is meant to be asked once (the long tail, the "unique URLs" scenarios): a URL asked again may be
   * answered by a cache, so the tools say how many requests did when a run went past the scenario's URLs.
   */
  eachUrlOnce?: true;
}

/** Has the HTML cache store a public page as anonymous visitors do: from its second request (decision 018). */
export async function storeInHtmlCache(baseURL: string, path: string): Promise<void> {
  for (let visit = 0; visit < 2; visit++) await (await fetch(`${baseURL}${path}`)).arrayBuffer();
}

/**
 * What autocannon sends for a scenario: its method, headers (gzip taken unless told otherwise) and body, each request
 * on the next of `paths` from `cursor.next` (advanced as requests go, so a warm-up and the measured run that share the
 * cursor take different paths), with what the scenario's `next` gives it (an order's cart, a signed notification).
 */
export function scenarioRequests(
  paths: string[],
  prepared: BenchRequest,
  cursor: { next: number },
  acceptEncoding: string | null = 'gzip',
): Pick<autocannon.Options, 'method' | 'headers' | 'body' | 'requests'> {
  return {
    method: prepared.method ?? 'GET',
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...prepared.headers },
    ...(prepared.body === undefined ? {} : { body: prepared.body }),
    requests: [
      {
        setupRequest: (request) => {
          const own = prepared.next?.();
          return {
            ...request,
            path: paths[cursor.next++ % paths.length],
            ...(own ? { headers: { ...request.headers, ...own.headers }, body: own.body } : {}),
          };
        },
      },
    ],
  };
}

/**
 * What to say of a run of `scenario` that sent the requests from cursor position `from` to `to` (scenarioRequests takes
 * its `urlCount` URLs in turn from position 0): how many asked a URL again because they started over, when the
 * scenario's URLs are each meant once; `''` otherwise.
 */
export function startedOverNote(scenario: Scenario, urlCount: number, from: number, to: number): string {
  const repeated = Math.max(0, to - Math.max(from, urlCount));
  if (!scenario.eachUrlOnce || repeated === 0) return '';
  return `${repeated} of ${to - from} requests asked a URL again (its ${urlCount} URLs started over)`;
}

/** The paths a scenario's requests take in turn: those its preparation found, else its own. */
export function scenarioPaths(scenario: Scenario, ctx: BenchContext, prepared: BenchRequest = {}): string[] {
  const chosen = prepared.paths ?? (typeof scenario.path === 'string' ? scenario.path : scenario.path(ctx));
  return Array.isArray(chosen) ? chosen : [chosen];
}

/**
 * The context of the A/B, profile and pause tools: the products the home page links to (`npm run bench` crawls
 * further for its own, bench/run.ts).
 */
export async function homePageContext(baseURL: string, dataDir: string): Promise<BenchContext> {
  const home = await (await fetch(`${baseURL}/`)).text();
  const slugs = [...new Set([...home.matchAll(/href="\/produs\/([^"]+)"/g)].map((m) => m[1]))];
  if (slugs.length === 0) throw new Error('no product link on the home page');
  return { baseURL, sampleProductSlug: slugs[0], sampleProductSlugs: slugs, dataDir };
}

/**
 * The environment of the built server the A/B, profile and pause tools start: a demo catalogue of `products` in
 * `dataDir`, its public URL on 127.0.0.1 (the scenarios' posts carry this origin, the cross-site request check), and
 * only warnings logged.
 */
export function demoServerEnvironment(dataDir: string, port: number, products: string): Record<string, string> {
  return { DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', DEMO_PRODUCTS: products };
}
