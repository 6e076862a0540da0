import type { Scenario } from '../scenario';
import { accountScenarios } from './accounts';
import { addressScenarios } from './addresses';
import { catalogueScenarios } from './catalogue';
import { foundationScenarios } from './foundation';
import { profileScenarios } from './profile';

/** Every scenario `npm run bench` runs, in order. */
export const allScenarios: Scenario[] = [
  ...foundationScenarios,
  ...catalogueScenarios,
  ...accountScenarios,
  ...profileScenarios,
  ...addressScenarios,
];
