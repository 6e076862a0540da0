import { describe, expect, it } from 'vitest';
import { addressFieldsSchema } from '../../contracts/addresses';
import { startPayload } from './start-payload';
import { ARAD_PLACE } from '../../contracts/addresses.testing';

const order = {
  orderRefNumber: 'MRN-2026-000007',
  providerOrderId: 'MRN-2026-000007',
  clientEmail: 'ana@example.ro',
  billing: addressFieldsSchema.parse({
    is_company: false,
    first_name: 'Ana',
    last_name: 'Pop',
    phone: '0744 123 456',
    ...ARAD_PLACE,
  }),
  delivery: {
    kind: 'home' as const,
    line: 'Strada Lungă 3, Berlin 10117, Germania',
    recipient: 'Ion Maria Pop',
    phone: '+49 30 1234567',
    country_id: 'DE',
    parts: { city: 'Berlin', zip_code: '10117', county: '' },
  },
  shippingCost: 1900,
  donation: 1000,
  total: 5000 + 4500 + 1900 + 1000,
  createdAt: new Date('2026-11-25T08:00:00Z'),
  items: [
    { productName: 'Biblia', sku: 'B-1', lineTotal: 5000, vatRate: 11 },
    { productName: 'Cană', sku: 'C-1', lineTotal: 4500, vatRate: 21 },
  ],
};

describe('NETOPIA start body', () => {
  const body = startPayload(order, { publicUrl: 'https://shop.example', posSignature: 'ABCD-1234' });

  it('sends the addresses of issue 12, language ro, RON and the total in lei', () => {
    expect(body.config).toMatchObject({
      notifyUrl: 'https://shop.example/api/payment/ipn',
      redirectUrl: 'https://shop.example/pages/payment-return',
      language: 'ro',
    });
    expect(body.order).toMatchObject({
      posSignature: 'ABCD-1234',
      orderID: 'MRN-2026-000007',
      amount: 124,
      currency: 'RON',
    });
    expect(body.order.billing).toMatchObject({
      firstName: 'Ana',
      country: 642,
      postalCode: '310130',
      email: 'ana@example.ro',
    });
    expect(body.order.shipping).toMatchObject({
      firstName: 'Ion',
      lastName: 'Maria Pop',
      country: 276,
      city: 'Berlin',
    });
  });

  it('gives each product its own VAT rate, shipping and the donation their own lines, adding up to the amount', () => {
    expect(body.order.products.map((p) => [p.code, p.price, p.vat])).toEqual([
      ['B-1', 50, 11],
      ['C-1', 45, 21],
      ['TRANSPORT', 19, 21],
      ['DONATIE', 10, 0],
    ]);
    const sum = body.order.products.reduce((s, p) => s + Math.round(p.price * 100), 0);
    expect(sum / 100).toBe(body.order.amount);
  });
});
