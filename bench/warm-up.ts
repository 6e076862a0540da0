import { Random } from '../src/db/seed/random';
import type { BenchContext } from './scenario';
import { distinctPhrases, LONG_TAIL_URLS } from './scenarios/long-tail';

/** Another seed than the long-tail scenarios' phrases (14). */
const WARM_UP_SEED = 41;

/**
 * What the whole server is warmed up with before the first scenario: searches (JSON and pages) and uncached product
 * pages, the kinds the long-tail scenarios measure, so that V8's compiler, PGlite's buffers and the kept product
 * cards are those of a shop that has been running, as the ceiling's scenarios already assume. No URL is one a
 * scenario requests: the phrases come from another seed with every measured phrase taken out, and a product's URL
 * carries `?w=` where the scenario's carries `?t=`. So no measured answer, ranking, match or count is in a cache
 * when its scenario starts; what is shared is what a running shop shares (known words, a product's details).
 */
export function warmUpPaths(ctx: BenchContext): string[] {
  const measured = new Set(distinctPhrases(LONG_TAIL_URLS));
  const phrases = distinctPhrases(LONG_TAIL_URLS, WARM_UP_SEED).filter((phrase) => !measured.has(phrase));
  const random = new Random(WARM_UP_SEED);
  return phrases.flatMap((phrase, i) => {
    const text = encodeURIComponent(phrase);
    const slug = ctx.sampleProductSlugs[random.int(0, ctx.sampleProductSlugs.length - 1)];
    return [
      i % 2 === 0 ? `/api/products?searchText=${text}&per_page=24` : `/pages/search?searchText=${text}`,
      `/produs/${slug}?w=${i}`,
    ];
  });
}
