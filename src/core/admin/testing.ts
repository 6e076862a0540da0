import type { orderItems, orders } from '../../db/schema';

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
  paymentMethod?: string;
  clientId?: number | null;
}): typeof orders.$inferInsert {
  orderNo++;
  return {
    orderRefNumber: `MRN-2026-${String(orderNo).padStart(6, '0')}`,
    idempotencyKey: `test-order-key-${orderNo}-${Date.now()}`,
    clientEmail: values.email ?? 'client@example.ro',
    status: values.status ?? 'pending',
    paymentState: values.paymentState,
    paymentMethod: values.paymentMethod ?? (values.paymentState === 'cash_on_delivery' ? 'ramburs' : 'card'),
    clientId: values.clientId ?? null,
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

/** One line of a test order: `quantity` pieces of a product at 50 lei, with a personalisation when given. */
export function testOrderLine(
  orderId: number,
  productId: number,
  quantity: number,
  personalization: Record<string, string> | null = null,
): typeof orderItems.$inferInsert {
  return {
    orderId,
    productId,
    productName: `Produs ${productId}`,
    sku: `SKU-${productId}`,
    urlPath: `/produs/p-${productId}`,
    thumbnail: '/img.webp',
    quantity,
    billingSellingPrice: 5_000,
    vatRate: 11,
    lineTotal: 5_000 * quantity,
    personalizationForm: personalization ? JSON.stringify({ form: null, values: personalization }) : null,
    hasPersonalization: personalization !== null,
  };
}
