import type { Scenario } from '../scenario';

export const foundationScenarios: Scenario[] = [
  { name: 'home page', path: '/' },
  {
    name: 'product page (rotating over the sample products)',
    path: (ctx) => ctx.sampleProductSlugs.map((slug) => `/produs/${slug}`),
    budget: { p99Ms: 150 },
  },
  {
    // Every request a new URL, so the HTML cache never answers: the cost of a real render.
    name: 'product page, uncached (unique URLs)',
    eachUrlOnce: true,
    path: (ctx) =>
      Array.from(
        { length: 20_000 },
        (_, i) => `/produs/${ctx.sampleProductSlugs[i % ctx.sampleProductSlugs.length]}?u=${i}`,
      ),
  },
  { name: 'about-us details API', path: '/api/about-us/details' },
];
