import type { Scenario } from '../scenario';
import { accountScenarios } from './accounts';
import { adminScenarios } from './admin';
import { addressScenarios } from './addresses';
import { cartScenarios } from './cart';
import { catalogueScenarios } from './catalogue';
import { foundationScenarios } from './foundation';
import { longTailScenarios } from './long-tail';
import { profileScenarios } from './profile';
import { orderScenarios } from './orders';
import { paymentScenarios } from './payments';
import { shippingScenarios } from './shipping';

/** Every scenario `npm run bench` runs, in order. */
export const allScenarios: Scenario[] = [
  ...foundationScenarios,
  ...catalogueScenarios,
  ...longTailScenarios,
  ...accountScenarios,
  ...profileScenarios,
  ...cartScenarios,
  ...addressScenarios,
  ...shippingScenarios,
  ...orderScenarios,
  ...paymentScenarios,
  ...adminScenarios,
];
