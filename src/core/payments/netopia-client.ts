import type { Logger } from '../logger';

/** What the shop sends to start a card payment (DESIGN §6, NETOPIA API v2 `/payment/card/start`). */
export interface NetopiaContact {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  city: string;
  /** ISO 3166-1 numeric (642 Romania). */
  country: number;
  countryName: string;
  state: string;
  postalCode: string;
  details: string;
}

export interface NetopiaProduct {
  name: string;
  code: string;
  category: string;
  /** Lei, the line's whole price, VAT included. */
  price: number;
  /** The line's own VAT rate in percent (DESIGN §6: not SPEC §9's outdated 19). */
  vat: number;
}

export interface NetopiaStartPayload {
  config: { emailTemplate: string; notifyUrl: string; redirectUrl: string; language: string };
  payment: { options: { installments: number; bonus: number }; instrument: null; data: Record<string, string> };
  order: {
    posSignature: string;
    dateTime: string;
    description: string;
    orderID: string;
    /** Lei, the order's total. */
    amount: number;
    currency: 'RON';
    billing: NetopiaContact;
    shipping: NetopiaContact;
    products: NetopiaProduct[];
    installments: { selected: number; available: number[] };
    data: Record<string, string>;
  };
}

/** NETOPIA's answer to a start: `error.code` "00" paid, "100" 3-D Secure, "101" go to the payment page. */
export interface StartAnswer {
  code: string;
  ntpID: string;
  status: number;
  paymentURL: string | null;
  authenticationToken: string | null;
}

export interface StatusAnswer {
  ntpID: string;
  status: number;
  /** Bani. */
  amount: number;
  currency: string;
}

/**
 * The card provider as the shop sees it (issue 12): start a payment, verify the 3-D Secure step, ask a
 * payment's status. NETOPIA's HTTP API behind it; the built-in simulator speaks the same API.
 */
export interface CardPaymentProvider {
  readonly posSignature: string;
  start(payload: NetopiaStartPayload): Promise<StartAnswer>;
  verify3ds(input: {
    authenticationToken: string;
    ntpID: string;
    paRes: string;
  }): Promise<{ code: string; status: number }>;
  status(input: { ntpID: string; orderID: string }): Promise<StatusAnswer>;
}

export interface NetopiaClientOptions {
  apiKey: string;
  posSignature: string;
  /** e.g. https://secure.sandbox.netopia-payments.com (no trailing slash). */
  baseUrl: string;
  timeoutMs?: number;
  /** Tests route the calls to an app in the same process. */
  fetch?: typeof fetch;
}

/** A call that did not give an answer the shop can act on: the network, a timeout, or NETOPIA's refusal. */
export class PaymentProviderError extends Error {
  constructor(
    readonly kind: 'network' | 'refused',
    message: string,
  ) {
    super(message);
  }
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const asText = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const leiToBani = (lei: unknown) => (typeof lei === 'number' && Number.isFinite(lei) ? Math.round(lei * 100) : -1);

/**
 * NETOPIA API v2 over HTTP. Start and verify change state at NETOPIA, so they are never retried (a lost
 * answer is settled by the notification or the reconciliation job); the status call is read-only and retried
 * twice on a network failure or a 5xx. Every call is logged with its ids and duration, never card data.
 */
export function createNetopiaClient(options: NetopiaClientOptions, log: Logger): CardPaymentProvider {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(
    path: string,
    body: unknown,
    ids: Record<string, unknown>,
    attempts = 1,
  ): Promise<Record<string, unknown>> {
    let last: PaymentProviderError = new PaymentProviderError('network', 'no attempt');
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      const started = Date.now();
      try {
        const res = await doFetch(`${options.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: options.apiKey },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const text = await res.text();
        const ms = Date.now() - started;
        let json: Record<string, unknown> = {};
        try {
          json = asRecord(JSON.parse(text));
        } catch {
          json = {};
        }
        const code = asText(asRecord(json.error).code);
        log.info({ netopia: path, ...ids, http: res.status, code, ms, attempt }, 'netopia call');
        if (res.status >= 500) {
          last = new PaymentProviderError('network', `NETOPIA ${path} answered ${res.status}`);
          continue;
        }
        if (res.status >= 400) throw new PaymentProviderError('refused', `NETOPIA ${path} answered ${res.status}`);
        return json;
      } catch (err) {
        if (err instanceof PaymentProviderError) throw err;
        log.warn(
          { netopia: path, ...ids, ms: Date.now() - started, attempt, err: (err as Error).message },
          'netopia call failed',
        );
        last = new PaymentProviderError('network', `NETOPIA ${path}: ${(err as Error).message}`);
      }
      if (attempt < attempts) await new Promise((r) => setTimeout(r, 200 * attempt));
    }
    throw last;
  }

  return {
    posSignature: options.posSignature,

    async start(payload) {
      const json = await call('/payment/card/start', payload, { orderID: payload.order.orderID });
      const payment = asRecord(json.payment);
      const action = asRecord(json.customerAction);
      const ntpID = asText(payment.ntpID);
      if (!ntpID) throw new PaymentProviderError('refused', 'NETOPIA start answered without an ntpID');
      return {
        code: asText(asRecord(json.error).code) ?? '',
        ntpID,
        status: Number(payment.status ?? 0),
        paymentURL: asText(payment.paymentURL) ?? asText(action.url),
        authenticationToken: asText(action.authenticationToken) ?? asText(payment.token),
      };
    },

    async verify3ds({ authenticationToken, ntpID, paRes }) {
      const json = await call(
        '/payment/card/verify-auth',
        { authenticationToken, ntpID, formData: { paRes } },
        { ntpID },
      );
      return { code: asText(asRecord(json.error).code) ?? '', status: Number(asRecord(json.payment).status ?? 0) };
    },

    async status({ ntpID, orderID }) {
      const json = await call(
        '/operation/status',
        { posID: options.posSignature, ntpID, orderID },
        { ntpID, orderID },
        3,
      );
      const payment = asRecord(json.payment);
      return {
        ntpID: asText(payment.ntpID) ?? ntpID,
        status: Number(payment.status ?? 0),
        amount: leiToBani(payment.amount),
        currency: asText(payment.currency) ?? '',
      };
    },
  };
}
