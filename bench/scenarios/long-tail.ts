import { foldText } from '../../src/contracts/listing';
import { categoryTree } from '../../src/db/seed/category-tree';
import { Random } from '../../src/db/seed/random';
import {
  descriptionSentences,
  romanianAuthors,
  subtitles,
  titleHeads,
  titleObjects,
  translatedAuthors,
} from '../../src/db/seed/vocabulary';
import type { Scenario } from '../scenario';

/**
 * Issue 14, goal 2 ("the long tail"): requests nobody made in the last minutes, so that no cache of
 * the service (resolved text, ranked ids, pages, facet counts) nor the HTML cache can answer. The
 * words are the demo catalogue's own (src/db/seed/vocabulary.ts), drawn by a seeded generator: the
 * same URLs on every run. A scenario has this many URLs: enough that a fast host (the search API at
 * over 1,000 requests a second, `bench/ab.ts`'s rounds) does not start over and ask again what the
 * caches would answer. The first 10,000 are those of the runs recorded before there were more.
 */
export const LONG_TAIL_URLS = 50_000;

/** The catalogue's words (4+ letters, folded), from titles, authors and descriptions. */
function catalogueWords(): string[] {
  const text = [
    ...titleHeads,
    ...titleObjects,
    ...subtitles,
    ...romanianAuthors,
    ...translatedAuthors,
    ...descriptionSentences,
  ];
  const words = new Set(
    foldText(text.join(' '))
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 4),
  );
  return [...words].sort();
}

/**
 * Distinct phrases: one word (a third of them: the commonest words match a quarter of the catalogue)
 * or two words, a title's head and object half of the time (they find each other), any two words
 * the rest (they often find nothing, which must be quick too). Each phrase once.
 */
export function distinctPhrases(count: number, seed = 14): string[] {
  const words = catalogueWords();
  const random = new Random(seed);
  const phrases = new Set<string>();
  for (let tries = 0; phrases.size < count && tries < count * 20; tries++) {
    const kind = random.int(0, 2);
    const phrase =
      kind === 0
        ? `${random.pick(words)}`
        : kind === 1
          ? `${random.pick(titleHeads)} ${random.pick(titleObjects)}`
          : `${random.pick(words)} ${random.pick(words)}`;
    phrases.add(phrase);
  }
  return [...phrases];
}

function categorySlugs(): string[] {
  const slugs: string[] = [];
  const walk = (nodes: typeof categoryTree) => {
    for (const n of nodes) {
      slugs.push(n.slug);
      walk(n.children ?? []);
    }
  };
  walk(categoryTree);
  return slugs;
}

const SORTS = ['default', 'price-asc', 'price-desc', 'new', 'sale'];

/** Goal 2's budgets (issue 14): PGlite 20,000 products; a search on PostgreSQL (200,000 products) 100 ms. */
const SEARCH_P99_MS = { pglite: 60, postgres: 100 };
export const longTailScenarios: Scenario[] = [
  {
    name: 'long tail: search API, distinct phrases (facets counted)',
    eachUrlOnce: true,
    path: () =>
      distinctPhrases(LONG_TAIL_URLS).map((p) => `/api/products?searchText=${encodeURIComponent(p)}&per_page=24`),
    budget: { p99Ms: SEARCH_P99_MS },
  },
  {
    name: 'long tail: search page, distinct phrases',
    eachUrlOnce: true,
    path: () => distinctPhrases(LONG_TAIL_URLS).map((p) => `/pages/search?searchText=${encodeURIComponent(p)}`),
    budget: { p99Ms: SEARCH_P99_MS },
  },
  {
    // Distinct (category, sort, page) slices; the facet counts of a category stay cached across its
    // pages and sorts, as they do for a shopper paging through it.
    name: 'long tail: list API, distinct page slices and sorts',
    eachUrlOnce: true,
    path: () => {
      const slugs = categorySlugs();
      const random = new Random(15);
      const seen = new Set<string>();
      // Fewer slices exist than LONG_TAIL_URLS (about 25,000), so the draws are bounded.
      for (let tries = 0; seen.size < LONG_TAIL_URLS && tries < LONG_TAIL_URLS * 20; tries++) {
        const category = random.chance(0.3) ? '' : `&category=${random.pick(slugs)}`;
        seen.add(
          `/api/products?sortBy=${random.pick(SORTS)}&page=${random.int(1, 40)}&per_page=${random.pick([12, 24, 36])}${category}`,
        );
      }
      return [...seen];
    },
    budget: { p99Ms: 40 },
  },
  {
    name: 'long tail: product page render, distinct URLs',
    eachUrlOnce: true,
    path: (ctx) =>
      Array.from(
        { length: LONG_TAIL_URLS },
        (_, i) => `/produs/${ctx.sampleProductSlugs[i % ctx.sampleProductSlugs.length]}?t=${i}`,
      ),
    budget: { p99Ms: 60 },
  },
];
