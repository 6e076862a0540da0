/** A benchmark scenario: one URL hammered by autocannon, with the budget it must keep. */
export interface BenchContext {
  baseURL: string;
  sampleProductSlug: string;
  /** A few hundred product slugs found by following links, for scenarios that should not hit one page only. */
  sampleProductSlugs: string[];
}

export interface Scenario {
  name: string;
  /** One path, or several that the connections take in turn. */
  path: string | ((ctx: BenchContext) => string | string[]);
  budget?: { p95Ms?: number; p99Ms?: number };
  /** A request other than a plain GET (a JSON POST), the same for every connection. */
  request?: { method: 'POST'; body: string; headers: Record<string, string> };
  /** Run once before the scenario (create the account a login scenario logs into). */
  setup?: (ctx: BenchContext) => Promise<void>;
}
