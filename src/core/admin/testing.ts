import type { orders } from '../../db/schema';

let orderNo = 0;

/**
 * An order row as the checkout writes it, for the back office's tests: only what the dashboard and the
 * order list read varies (amounts, states, dates, the customer's name, e-mail, phone and country).
 */
export function testOrder(values: {
  createdAt: string;
  total: number;
  paymentState: string;
  donation?: number;
  status?: string;
  carrierId?: number;
  carrierName?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  country?: string;
}): typeof orders.$inferInsert {
  orderNo++;
  return {
    orderRefNumber: `MRN-2026-${String(orderNo).padStart(6, '0')}`,
    idempotencyKey: `test-order-key-${orderNo}-${Date.now()}`,
    clientEmail: values.email ?? 'client@example.ro',
    status: values.status ?? 'pending',
    paymentState: values.paymentState,
    paymentMethod: values.paymentState === 'cash_on_delivery' ? 'ramburs' : 'card',
    carrierId: values.carrierId ?? 1,
    carrierName: values.carrierName ?? 'GLS',
    billingAddress: {
      first_name: values.firstName ?? 'Maria',
      last_name: values.lastName ?? 'Ionescu',
      phone: values.phone ?? '0744 123 456',
      country_id: values.country ?? 'RO',
    },
    deliveryAddress: {
      kind: 'home',
      line: '',
      recipient: `${values.firstName ?? 'Maria'} ${values.lastName ?? 'Ionescu'}`,
      phone: values.phone ?? '0744 123 456',
      country_id: values.country ?? 'RO',
      parts: {},
    },
    subtotal: values.total,
    discount: 0,
    shippingCost: 0,
    realDeliveryCost: 0,
    donation: values.donation ?? 0,
    total: values.total,
    vat: {},
    currency: 'RON',
    currencyRates: {},
    lang: 'ro',
    createdAt: new Date(values.createdAt),
  };
}
