import { describe, expect, it } from 'vitest';
import { checkoutFormSchema, shippingCountry } from './checkout';
import { ARAD_PLACE } from './addresses.testing';

const billing = {
  is_company: 'false',
  first_name: 'Ana',
  last_name: 'Pop',
  phone: '0744 123 456',
  ...ARAD_PLACE,
};
const order = {
  client_email: ' ana@example.ro ',
  billing,
  carrier: '4',
  payment_method: 'ramburs',
  donation: '10',
  terms: 'on',
  idempotency_key: 'k'.repeat(24),
};
const problems = (input: object) => {
  const r = checkoutFormSchema.safeParse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('the checkout form (SPEC §5)', () => {
  it('takes a Romanian home delivery paid on delivery, as a form posts it', () => {
    const r = checkoutFormSchema.parse(order);
    expect(r).toMatchObject({
      client_email: 'ana@example.ro',
      carrier: 4,
      donation: 10,
      terms: true,
      delivery: null,
      shipping_country: 'RO',
      couponCode: null,
    });
  });

  it('asks for the required fields with SPEC §5’s messages', () => {
    expect(
      problems({ ...order, client_email: '', terms: undefined, billing: { ...billing, phone: '123', first_name: '' } }),
    ).toMatchObject({
      client_email: 'validation.checkout.emailRequired',
      terms: 'validation.checkout.terms',
      'billing.phone': 'validation.address.phone',
      'billing.first_name': 'validation.address.required',
    });
    expect(problems({ ...order, client_email: 'ana@' })).toMatchObject({ client_email: 'validation.checkout.email' });
  });

  it('needs a company’s name and a CUI with a right check digit, but not its bank or IBAN', () => {
    const company = { ...billing, is_company: 'true' };
    expect(problems({ ...order, billing: company })).toMatchObject({
      'billing.company_name': 'validation.address.required',
      'billing.cui': 'validation.address.required',
    });
    expect(problems({ ...order, billing: { ...company, company_name: 'Editura SRL', cui: 'RO12345675' } })).toEqual({
      'billing.cui': 'validation.address.cui',
    });
    expect(problems({ ...order, billing: { ...company, company_name: 'Editura SRL', cui: 'RO12345674' } })).toEqual({});
  });

  it('applies the payment rules: a locker takes Card and needs a locker; Tarsin takes neither Card nor transfer; no Ramburs abroad', () => {
    expect(problems({ ...order, carrier: '7' })).toEqual({
      locker_id: 'validation.checkout.lockerRequired',
      payment_method: 'validation.checkout.paymentNotAllowed',
    });
    expect(problems({ ...order, carrier: '7', payment_method: 'card', locker_id: 'RO-9262-1' })).toEqual({});
    const germany = {
      deliveryAddressFlag: 'on',
      delivery: { first_name: 'Ion', last_name: 'Pop', phone: '+49 151 2345678', country_id: 'DE' },
    };
    expect(problems({ ...order, ...germany, carrier: '3', carrier_location_id: '5', payment_method: 'card' })).toEqual({
      payment_method: 'validation.checkout.paymentNotAllowed',
    });
    expect(problems({ ...order, ...germany, carrier: '1', payment_method: 'ramburs' })).toEqual({
      carrier_location_id: 'validation.checkout.pickupPointRequired',
      payment_method: 'validation.checkout.paymentNotAllowed',
    });
    const tarsin = checkoutFormSchema.parse({
      ...order,
      ...germany,
      carrier: '3',
      carrier_location_id: '5',
      payment_method: 'revolut',
    });
    expect(tarsin).toMatchObject({ shipping_country: 'DE', delivery: null, deliveryContact: { first_name: 'Ion' } });
  });

  it('checks a separate delivery address only when the parcel is delivered to it', () => {
    const half = {
      deliveryAddressFlag: 'on',
      delivery: { first_name: 'Ion', last_name: 'Pop', phone: '0744 000 111', country_id: 'RO' },
    };
    expect(problems({ ...order, ...half })).toMatchObject({
      'delivery.city': 'validation.address.required',
      'delivery.number': 'validation.address.required',
      'delivery.zip_code': 'validation.address.required',
    });
    // Depot pickup: only the recipient's name, phone and country.
    expect(problems({ ...order, ...half, carrier: '6' })).toEqual({});
    // A delivery form left half-filled with the flag off changes nothing.
    expect(problems({ ...order, delivery: { city: 'x' } })).toEqual({});
  });

  it('refuses a negative, fractional or huge donation and an odd idempotency key', () => {
    for (const donation of ['-1', '1.5', '1000001', 'abc']) {
      expect(problems({ ...order, donation })).toEqual({ donation: 'validation.checkout.donation' });
    }
    expect(checkoutFormSchema.parse({ ...order, donation: '' }).donation).toBe(0);
    expect(problems({ ...order, idempotency_key: 'short' })).toEqual({
      idempotency_key: 'validation.checkout.idempotencyKey',
    });
  });

  it('knows where the parcel goes while the form is filled in', () => {
    expect(shippingCountry('RO', false, 'DE')).toBe('RO');
    expect(shippingCountry('RO', true, 'DE')).toBe('DE');
    expect(shippingCountry('RO', true, 'XX')).toBe('RO');
  });
});
