import type { Scenario } from '../scenario';

/** Words of the demo catalogue that many products share (titles and descriptions). */
const COMMON_WORDS = [
  'biblia',
  'rugaciune',
  'credinta',
  'familie',
  'har',
  'dragoste',
  'studiu',
  'copii',
  'viata',
  'cantari',
  'predici',
  'devotional',
  'psalmul',
  'pace',
  'speranta',
  'cornilescu',
  'cana',
  'calendar',
  'jurnal',
  'cruce',
  'biserica',
  'evanghelia',
  'lumina',
  'inima',
  'drumul',
];

/**
 * Issue 3 budgets: search p95 ≤ 20 ms at 20,000 products (PGlite and PostgreSQL) and ≤ 60 ms at
 * 200,000 (PostgreSQL); /shop with two facets, server-rendered, p99 ≤ 150 ms. The first three hit
 * one URL each, as a popular search or listing does (answered from the short-lived caches after the
 * first request); the last two show the cost without those caches.
 */
export const catalogueScenarios: Scenario[] = [
  { name: 'search: common word', path: '/api/products?searchText=biblia', budget: { p95Ms: 20 } },
  { name: 'search: misspelled word', path: '/api/products?searchText=cornilesku', budget: { p95Ms: 20 } },
  {
    name: 'shop: two facets, server-rendered',
    path: '/shop/biblii?in_stock=1&binding=Copert%C4%83%20din%20piele',
    budget: { p99Ms: 150 },
  },
  {
    // 20,000 different (word, page) pairs past the first 600 results, which the service ranks once
    // and pages from memory: every request ranks all the word's matches again (facet counts stay
    // cached per word). The cost of a search nobody made in the last minute.
    name: 'search: common words, ranking not cached (unique URLs)',
    eachUrlOnce: true,
    path: () =>
      Array.from(
        { length: 20_000 },
        (_, i) =>
          `/api/products?searchText=${COMMON_WORDS[i % COMMON_WORDS.length]}&page=${26 + Math.floor(i / COMMON_WORDS.length)}`,
      ),
  },
  {
    // A new URL each time, so the HTML cache never answers: the cost of rendering the listing.
    name: 'shop: two facets, rendered each time (unique URLs)',
    eachUrlOnce: true,
    path: () =>
      Array.from({ length: 20_000 }, (_, i) => `/shop/biblii?in_stock=1&binding=Copert%C4%83%20din%20piele&u=${i}`),
  },
];
