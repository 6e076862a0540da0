import type { AddressFields } from '../../contracts/addresses';
import { NETOPIA_COUNTRY_CODES, NETOPIA_ROMANIA } from '../../contracts/payments';
import type { DeliverySnapshot } from '../orders/delivery-snapshot';
import type { NetopiaContact, NetopiaProduct, NetopiaStartPayload } from './netopia-client';

/** The order as the start payload needs it (amounts in bani). */
export interface PayableOrder {
  orderRefNumber: string;
  providerOrderId: string;
  clientEmail: string;
  billing: AddressFields;
  delivery: DeliverySnapshot;
  shippingCost: number;
  donation: number;
  total: number;
  createdAt: Date;
  items: { productName: string; sku: string; lineTotal: number; vatRate: number }[];
}

const lei = (bani: number) => Math.round(bani) / 100;
const countryCode = (id: string) => NETOPIA_COUNTRY_CODES[id] ?? NETOPIA_ROMANIA;

function splitName(full: string): { firstName: string; lastName: string } {
  const [first, ...rest] = full.trim().split(/\s+/);
  return { firstName: first ?? '', lastName: rest.join(' ') };
}

function billingContact(order: PayableOrder): NetopiaContact {
  const b = order.billing;
  return {
    email: order.clientEmail,
    phone: b.phone,
    firstName: b.first_name,
    lastName: b.last_name,
    city: b.city,
    country: countryCode(b.country_id),
    countryName: b.country_id,
    state: b.county ?? '',
    postalCode: b.zip_code,
    details: [b.street, b.number, b.block && `bl. ${b.block}`, b.apartment && `ap. ${b.apartment}`]
      .filter(Boolean)
      .join(' '),
  };
}

function shippingContact(order: PayableOrder): NetopiaContact {
  const d = order.delivery;
  const parts = d.parts as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  return {
    email: order.clientEmail,
    phone: d.phone,
    ...splitName(d.recipient),
    city: text(parts.city),
    country: countryCode(d.country_id),
    countryName: d.country_id,
    state: text(parts.county),
    postalCode: text(parts.zip_code),
    details: d.line,
  };
}

/**
 * NETOPIA's `/payment/card/start` body for an order (issue 12): language ro, the notification and return
 * addresses, billing and shipping from the order, each product with its own VAT rate, the shipping (21 %) and
 * the donation (outside VAT) as their own lines, so the lines add up to the amount; RON, the total in lei.
 */
export function startPayload(
  order: PayableOrder,
  settings: { publicUrl: string; posSignature: string },
): NetopiaStartPayload {
  const products: NetopiaProduct[] = order.items.map((i) => ({
    name: i.productName,
    code: i.sku,
    category: 'Produse',
    price: lei(i.lineTotal),
    vat: i.vatRate,
  }));
  if (order.shippingCost > 0) {
    products.push({
      name: 'Transport',
      code: 'TRANSPORT',
      category: 'Servicii',
      price: lei(order.shippingCost),
      vat: 21,
    });
  }
  if (order.donation > 0) {
    products.push({
      name: 'Donație caz umanitar',
      code: 'DONATIE',
      category: 'Donații',
      price: lei(order.donation),
      vat: 0,
    });
  }
  return {
    config: {
      emailTemplate: '',
      notifyUrl: `${settings.publicUrl}/api/payment/ipn`,
      redirectUrl: `${settings.publicUrl}/pages/payment-return`,
      language: 'ro',
    },
    payment: { options: { installments: 0, bonus: 0 }, instrument: null, data: {} },
    order: {
      posSignature: settings.posSignature,
      dateTime: order.createdAt.toISOString(),
      description: `Comanda ${order.orderRefNumber} – Librăria Creștină Maranatha`,
      orderID: order.providerOrderId,
      amount: lei(order.total),
      currency: 'RON',
      billing: billingContact(order),
      shipping: shippingContact(order),
      products,
      installments: { selected: 0, available: [0] },
      data: {},
    },
  };
}
