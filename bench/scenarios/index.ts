import type { Scenario } from '../scenario';
import { accountScenarios } from './accounts';
import { cartScenarios } from './cart';
import { catalogueScenarios } from './catalogue';
import { foundationScenarios } from './foundation';

/** Every scenario `npm run bench` runs, in order. */
export const allScenarios: Scenario[] = [
  ...foundationScenarios,
  ...catalogueScenarios,
  ...accountScenarios,
  ...cartScenarios,
];
