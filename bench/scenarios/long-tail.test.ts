import { describe, expect, it } from 'vitest';
import { scenarioPaths } from '../scenario';
import { testContext as ctx } from '../scenario.testing';
import { distinctPhrases, LONG_TAIL_URLS, longTailScenarios } from './long-tail';

describe("the long tail's URLs (issue 14, goal 2)", () => {
  it('begins with the 10,000 phrases of the runs before there were more, in the same order', () => {
    expect(distinctPhrases(LONG_TAIL_URLS).slice(0, 10_000)).toEqual(distinctPhrases(10_000));
  });

  it('gives every scenario distinct URLs, enough for a fast host (the list API: every slice there is)', () => {
    for (const scenario of longTailScenarios) {
      const paths = scenarioPaths(scenario, ctx);
      expect(new Set(paths).size, scenario.name).toBe(paths.length);
      expect(paths.length, scenario.name).toBeGreaterThan(25_000);
      expect(scenario.eachUrlOnce, scenario.name).toBe(true);
    }
  });
});
