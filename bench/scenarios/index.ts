import type { Scenario } from '../scenario';
import { cartScenarios } from './cart';
import { catalogueScenarios } from './catalogue';
import { foundationScenarios } from './foundation';

/** Every scenario `npm run bench` runs, in order. */
export const allScenarios: Scenario[] = [...foundationScenarios, ...catalogueScenarios, ...cartScenarios];
