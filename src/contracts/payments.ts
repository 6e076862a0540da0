import { z } from 'zod';
import { isPlainLine } from './validation';

/** DESIGN §6: NETOPIA's payment status codes the shop acts on. */
export const NETOPIA_STATUS = {
  new: 1,
  paid: 3,
  cancelled: 4,
  confirmed: 5,
  refunded: 8,
  declined: 12,
  threeDSecure: 15,
} as const;

/** SPEC §9: the card provider's country code for Romania (ISO 3166-1 numeric). */
export const NETOPIA_ROMANIA = 642;

/** SPEC §7 Payment start response. */
export interface PaymentStart {
  paymentURL: string;
  authenticationToken: string | null;
  ntpID: string;
}

/**
 * SPEC §4: the 3-D Secure data the browser keeps in session storage from the payment's start until the return
 * page's verification, under this name.
 */
export const NETOPIA_3DS_STORAGE_KEY = 'netopia3ds';
export type Netopia3ds = Pick<PaymentStart, 'ntpID' | 'authenticationToken'>;

/** Where NETOPIA takes the card, and the 3-D Secure data the browser keeps meanwhile (SPEC §4). */
export interface CardRedirect {
  url: string;
  netopia3ds: Netopia3ds;
}

/** What the 3-D Secure verification and the return page tell the shopper (never what marks an order paid). */
export type VerifyOutcome = 'verified' | 'failed' | 'error';

/** The receipt of an order (the signed `last_order` value): who may start or retry its card payment. */
export const paymentStartSchema = z.object({
  receipt: z.string().regex(/^\d{1,10}\.[A-Za-z0-9_-]{43}$/, { error: 'validation.payment.receipt' }),
});

/** A value NETOPIA's return carries back: one line (a NUL would reach PostgreSQL as a 500, found by the fuzz suite). */
function returnValue(min: number, max: number) {
  return z.string().trim().min(min).max(max).refine(isPlainLine, { error: 'validation.controlCharacters' });
}

const token = z.string().trim().min(1).max(2000);

/** SPEC §7 Verify 3DS: the tokens the start gave and the query the provider's return carried. */
export const verify3dsSchema = z.object({
  authenticationToken: token,
  ntpID: returnValue(1, 100),
  params: z.record(z.string().max(100), z.string().max(4000)).default({}),
});

/** The query NETOPIA's return to `redirectUrl` carries (SPEC §2: an xid must be there). */
export const paymentReturnSchema = z.object({
  xid: returnValue(1, 200).optional(),
  ntpID: returnValue(1, 100).optional(),
  orderId: returnValue(0, 100).optional(),
  paRes: returnValue(0, 4000).optional(),
});
export type PaymentReturnQuery = z.infer<typeof paymentReturnSchema>;

/** ISO 3166-1 numeric codes of the shop's countries (NETOPIA's billing and shipping `country`). */
export const NETOPIA_COUNTRY_CODES: Record<string, number> = {
  AT: 40,
  BE: 56,
  BG: 100,
  CZ: 203,
  DE: 276,
  DK: 208,
  ES: 724,
  FI: 246,
  FR: 250,
  GR: 300,
  HR: 191,
  HU: 348,
  IT: 380,
  LU: 442,
  NL: 528,
  PL: 616,
  PT: 620,
  RO: NETOPIA_ROMANIA,
  RS: 688,
  SI: 705,
  SK: 703,
};

/** NETOPIA's answer to a notification: 0 taken, 1 try again later, 2 never (DESIGN §6). */
export interface NotificationAnswer {
  errorType: 0 | 1 | 2;
  errorCode: string | null;
  errorMessage: string;
}
