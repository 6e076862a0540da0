import { describe, expect, it } from 'vitest';
import { allowedPaymentMethods, CARRIER, carriersBodySchema, defaultPaymentMethod } from './shipping';

describe('payment rules (SPEC §4, §5, §9)', () => {
  it('offers Ramburs only in Romania, where it is the default; Card is the default elsewhere', () => {
    expect(allowedPaymentMethods('RO', CARRIER.GLSDomiciliu)).toEqual(['ramburs', 'card', 'transfer', 'revolut']);
    expect(allowedPaymentMethods('DE', CARRIER.PostaInternationala)).toEqual(['card', 'transfer', 'revolut']);
    expect(defaultPaymentMethod('RO', CARRIER.GLSDomiciliu)).toBe('ramburs');
    expect(defaultPaymentMethod('DE', CARRIER.TabitaTour)).toBe('card');
    expect(defaultPaymentMethod('RO', null)).toBe('ramburs');
  });

  it('forces Card for a GLS locker and takes Card and Transfer away for Tarsin', () => {
    expect(allowedPaymentMethods('RO', CARRIER.GLSLocker)).toEqual(['card']);
    expect(defaultPaymentMethod('RO', CARRIER.GLSLocker, 'ramburs')).toBe('card');
    expect(allowedPaymentMethods('DE', CARRIER.Tarsin)).toEqual(['revolut']);
    expect(defaultPaymentMethod('DE', CARRIER.Tarsin, 'card')).toBe('revolut');
  });

  it('keeps the shopper’s choice while it is still allowed', () => {
    expect(defaultPaymentMethod('RO', CARRIER.Pickup, 'transfer')).toBe('transfer');
    expect(defaultPaymentMethod('AT', CARRIER.GLSDomiciliu, 'ramburs')).toBe('card');
    expect(defaultPaymentMethod('IT', CARRIER.Atlassib, 'revolut')).toBe('revolut');
  });
});

describe('the carriers call’s payload', () => {
  it('takes SPEC §7’s fields and refuses what is not a country, a whole quantity or an amount', () => {
    const ok = {
      country_id: 'RO',
      items: [{ product_id: 3, required_quantity: 2 }],
      payment_method: 'card',
      cart_total: 4500,
    };
    expect(carriersBodySchema.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, country_id: 'US' },
      { ...ok, items: [{ product_id: 3, required_quantity: 0 }] },
      { ...ok, items: [{ product_id: -1, required_quantity: 1 }] },
      { ...ok, cart_total: -5 },
      { ...ok, cart_total: 1.5 },
      { ...ok, payment_method: 'bitcoin' },
    ]) {
      expect(carriersBodySchema.safeParse(bad).success).toBe(false);
    }
  });
});
