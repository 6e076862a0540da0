import type { Scenario } from '../scenario';

/** Locality prefixes typed in the address modal: a few letters in several counties. */
const LOCALITY_TYPEAHEAD = ['AR?q=a', 'AR?q=ar', 'CJ?q=cl', 'B?q=s', 'IS?q=pa', 'TM?q=ti', 'BV?q=br', 'SV?q=r'];
/** Street prefixes in cities with street-level postal codes (Arad, Cluj-Napoca, București). */
const STREETS = [
  'county=AR&city=Arad&q=revolu',
  'county=AR&city=Arad&q=m',
  'county=CJ&city=Cluj-Napoca&q=me',
  'county=B&city=Bucuresti&q=stefan',
  'county=B&city=Sector-1&q=a',
  'county=IS&city=Iasi&q=s',
];

/** Issue 9 budgets: locality typeahead and street lookup p95 ≤ 15 ms (no cache: every text differs). */
export const addressScenarios: Scenario[] = [
  {
    name: 'address: locality typeahead',
    path: () => LOCALITY_TYPEAHEAD.map((q) => `/api/geography/counties/${q.replace('?', '/localities?')}`),
    budget: { p95Ms: 15 },
  },
  {
    name: 'address: street lookup',
    path: () => STREETS.map((q) => `/api/geography/streets?${q}`),
    budget: { p95Ms: 15 },
  },
];
