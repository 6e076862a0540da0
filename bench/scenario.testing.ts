import type { BenchContext } from './scenario';

/** A bench context for tests that only build URLs: three product slugs, no server. */
export const testContext: BenchContext = {
  baseURL: 'http://127.0.0.1:3999',
  sampleProductSlug: 'biblia-1',
  sampleProductSlugs: ['biblia-1', 'psalmii-2', 'cantari-3'],
  dataDir: '/tmp/unused',
};
