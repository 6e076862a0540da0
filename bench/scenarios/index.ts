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

/**
 * The `--only` of the bench's tools: a name is chosen when it contains one of the comma-separated parts
 * (`--only "long tail: search page,long tail: product page"`), every name when there are none.
 */
export function namesChosenBy(only: string | undefined): (name: string) => boolean {
  const parts = (only ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return (name) => parts.length === 0 || parts.some((part) => name.includes(part));
}
