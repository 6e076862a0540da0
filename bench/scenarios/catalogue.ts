import type { Scenario } from '../scenario';

/** Issue 3 budgets: search p95 ≤ 20 ms (20,000 products) / ≤ 60 ms (200,000 on PostgreSQL); /shop with two facets p99 ≤ 150 ms. */
export const catalogueScenarios: Scenario[] = [
  { name: 'search: common word', path: '/api/products?searchText=biblia', budget: { p95Ms: 20 } },
  { name: 'search: misspelled word', path: '/api/products?searchText=cornilesku', budget: { p95Ms: 20 } },
  {
    name: 'shop: two facets, server-rendered',
    path: '/shop/biblii?in_stock=1&binding=Copert%C4%83%20din%20piele',
    budget: { p99Ms: 150 },
  },
];
