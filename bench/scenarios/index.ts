import type { Scenario } from '../scenario';
import { catalogueScenarios } from './catalogue';
import { foundationScenarios } from './foundation';
import { longTailScenarios } from './long-tail';

/** Every scenario `npm run bench` runs, in order. */
export const allScenarios: Scenario[] = [...foundationScenarios, ...catalogueScenarios, ...longTailScenarios];
