import { describe, expect, it } from 'vitest';
import { scenarioPaths } from './scenario';
import { testContext as ctx } from './scenario.testing';
import { allScenarios } from './scenarios';
import { warmUpPaths } from './warm-up';

describe("the server's warm-up before the scenarios", () => {
  const paths = warmUpPaths(ctx);

  /** Every path a scenario names (those a scenario's preparation makes are carts and orders, not these kinds). */
  const measured = new Set(allScenarios.flatMap((scenario) => scenarioPaths(scenario, ctx)));

  it('requests none of the URLs a scenario measures', () => {
    expect(measured.size).toBeGreaterThan(30_000);
    expect(paths.filter((path) => measured.has(path))).toEqual([]);
  });

  it('asks for no search phrase a scenario measures, in either form', () => {
    const phraseOf = (path: string) => new URL(path, ctx.baseURL).searchParams.get('searchText');
    const measuredPhrases = new Set([...measured].map(phraseOf).filter((phrase) => phrase !== null));
    const warmPhrases = paths.map(phraseOf).filter((phrase) => phrase !== null);
    expect(warmPhrases.length).toBeGreaterThan(1_000);
    expect(warmPhrases.filter((phrase) => measuredPhrases.has(phrase))).toEqual([]);
  });

  it('warms both kinds of search and uncached product pages', () => {
    expect(paths.some((path) => path.startsWith('/api/products?searchText='))).toBe(true);
    expect(paths.some((path) => path.startsWith('/pages/search?searchText='))).toBe(true);
    expect(paths.some((path) => /^\/produs\/[a-z0-9-]+\?w=\d+$/.test(path))).toBe(true);
  });
});
