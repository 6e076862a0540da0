import { createHash, createSign, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatMoney } from '../../contracts/money';
import type { Language } from '../../contracts/preferences';
import type { Logger } from '../../core/logger';
// The server bundle holds its own copy of the message lookup: this import fills it with both languages.
import { translator } from '../../web/i18n/server';
import type { SimulatorCredentials } from './credentials';
import { esc, page, SIM_CSS } from './html';

/**
 * The built-in NETOPIA simulator (issue 12, decision 020): NETOPIA API v2's three calls, a hosted card page
 * marked as a test, a 3-D Secure page, the return to `redirectUrl` and the notification to `notifyUrl` signed
 * as NETOPIA signs it. The shop reaches it only over HTTP, like the real service; it keeps its payments in
 * memory (a restart forgets them).
 */

/** The test cards listed on the card page. */
export const SIM_CARDS = {
  success: '4111111111111111',
  declined: '4000000000000002',
  threeDsFails: '4000000000003063',
} as const;
type CardKind = keyof typeof SIM_CARDS;

const STATUS = { new: 1, paid: 3, declined: 12, threeDSecure: 15 } as const;

interface SimPayment {
  ntpID: string;
  orderID: string;
  description: string;
  /** Lei, as sent. */
  amount: number;
  currency: string;
  notifyUrl: string;
  redirectUrl: string;
  language: string;
  authenticationToken: string;
  status: number;
  card: CardKind | null;
  paRes: string | null;
  xid: string | null;
}

export interface SimulatorOptions {
  credentials: SimulatorCredentials;
  log: Logger;
  /** Sends the notifications (tests route them into the app in the same process). */
  fetch?: typeof fetch;
  /** Waits between notification attempts; the first is sent at once. */
  retryDelaysMs?: number[];
}

const DEFAULT_RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];

const asRecord = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const isHttpUrl = (v: unknown): v is string => {
  if (typeof v !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** A JWT signed RS512 exactly as NETOPIA signs a notification (DESIGN §6). */
export function signNotification(
  rawBody: string,
  posSignature: string,
  privateKeyPem: string,
  now = Date.now(),
): string {
  const part = (v: object) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const iat = Math.floor(now / 1000);
  const head = part({ alg: 'RS512', typ: 'JWT' });
  const claims = part({
    iss: 'NETOPIA Payments',
    aud: [posSignature],
    iat,
    nbf: iat,
    exp: iat + 3600,
    jti: randomBytes(12).toString('hex'),
    sub: createHash('sha512').update(rawBody).digest('base64'),
  });
  const signature = createSign('RSA-SHA512').update(`${head}.${claims}`).sign(privateKeyPem).toString('base64url');
  return `${head}.${claims}.${signature}`;
}

function languageOf(req: FastifyRequest, payment: SimPayment | undefined): Language {
  const cookie = (req.cookies as Record<string, string | undefined> | undefined)?.lang;
  const lang = cookie ?? payment?.language ?? 'ro';
  return lang === 'en' ? 'en' : 'ro';
}

export function registerNetopiaSimulator(app: FastifyInstance, options: SimulatorOptions): void {
  const { credentials, log } = options;
  const send = options.fetch ?? fetch;
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const store = new Map<string, SimPayment>();
  const timers = new Set<NodeJS.Timeout>();

  /** Sends the payment's notification; tries again while the shop answers errorType 1 or fails. */
  function notify(p: SimPayment, attempt = 0): void {
    const body = JSON.stringify({
      order: { orderID: p.orderID },
      payment: {
        method: 1,
        allowSaveToken: false,
        ntpID: p.ntpID,
        status: p.status,
        amount: p.amount,
        currency: p.currency,
        token: '',
        operationDate: new Date().toISOString(),
        options: { installments: 0, bonus: 0 },
        code: p.status === STATUS.paid ? '00' : '12',
        message: p.status === STATUS.paid ? 'Tranzacție aprobată' : 'Tranzacție respinsă',
        data: {},
      },
    });
    const headers = {
      'content-type': 'application/json',
      'verification-token': signNotification(body, credentials.posSignature, credentials.privateKeyPem),
    };
    void send(p.notifyUrl, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        const answer = asRecord(await res.json().catch(() => ({})));
        log.info(
          { ntpID: p.ntpID, status: p.status, http: res.status, errorType: answer.errorType, attempt },
          'simulator notification',
        );
        return answer.errorType === 2 ? 'stop' : res.ok && answer.errorType === 0 ? 'done' : 'retry';
      })
      .catch((err: unknown) => {
        log.warn({ ntpID: p.ntpID, attempt, err: (err as Error).message }, 'simulator notification failed');
        return 'retry' as const;
      })
      .then((outcome) => {
        if (outcome !== 'retry' || attempt >= delays.length) return;
        const timer = setTimeout(() => {
          timers.delete(timer);
          notify(p, attempt + 1);
        }, delays[attempt]);
        timer.unref();
        timers.add(timer);
      });
  }

  /** Back to the shop's `redirectUrl` with the parameters NETOPIA's return carries. */
  function backToShop(reply: FastifyReply, p: SimPayment) {
    const url = new URL(p.redirectUrl);
    url.searchParams.set('orderId', p.orderID);
    url.searchParams.set('ntpID', p.ntpID);
    url.searchParams.set('xid', p.xid ?? randomBytes(10).toString('hex'));
    url.searchParams.set('paRes', p.paRes ?? '');
    return reply.redirect(url.toString(), 303);
  }

  function html(reply: FastifyReply, status: number, body: string) {
    return reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  }

  function notFound(req: FastifyRequest, reply: FastifyReply) {
    const t = translator(languageOf(req, undefined));
    return html(
      reply,
      404,
      page({
        lang: languageOf(req, undefined),
        title: t('sim.title'),
        banner: t('sim.banner'),
        body: `<p>${esc(t('sim.notFound'))}</p>`,
      }),
    );
  }

  function cardPage(
    req: FastifyRequest,
    reply: FastifyReply,
    p: SimPayment,
    status: number,
    values: Record<string, string>,
    errors: Record<string, string>,
  ) {
    const lang = languageOf(req, p);
    const t = translator(lang);
    const amount = formatMoney(Math.round(p.amount * 100), { code: 'RON' }, lang);
    const field = (name: string, label: string, attrs: string) => {
      const error = errors[name];
      const describedBy = error ? ` aria-describedby="${name}-error" aria-invalid="true"` : '';
      return `<div class="field"><label for="${name}">${esc(label)}</label><input id="${name}" name="${name}" value="${esc(values[name] ?? '')}" ${attrs}${describedBy}>${
        error ? `<p class="error" id="${name}-error">${esc(error)}</p>` : ''
      }</div>`;
    };
    const summary =
      Object.keys(errors).length > 0 ? `<p class="summary" role="alert">${esc(t('sim.error.summary'))}</p>` : '';
    const cards = (Object.entries(SIM_CARDS) as [CardKind, string][])
      .map(
        ([kind, number]) =>
          `<tr><td><code>${number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code></td><td>${esc(t(`sim.cards.${kind}`))}</td></tr>`,
      )
      .join('');
    const body = `<div class="facts"><p>${esc(t('sim.merchant'))}</p><p>${esc(t('sim.order', { order: p.orderID }))}</p><p><strong>${esc(
      t('sim.amount', { amount }),
    )}</strong></p></div>
${summary}
<form method="post" action="/netopia-sim/pay/${esc(p.ntpID)}" novalidate>
${field('card', t('sim.cardNumber'), 'inputmode="numeric" autocomplete="off" required')}
${field('expiry', t('sim.expiry'), 'autocomplete="off" placeholder="12/30" required')}
${field('cvc', t('sim.cvc'), 'inputmode="numeric" autocomplete="off" required')}
${field('name', t('sim.name'), 'autocomplete="off" required')}
<button type="submit">${esc(t('sim.pay'))} ${esc(amount)}</button>
</form>
<h2>${esc(t('sim.cards.title'))}</h2>
<table><thead><tr><th scope="col">${esc(t('sim.cards.number'))}</th><th scope="col">${esc(t('sim.cards.result'))}</th></tr></thead><tbody>${cards}</tbody></table>
<p>${esc(t('sim.cards.note'))}</p>`;
    return html(reply, status, page({ lang, title: t('sim.title'), banner: t('sim.banner'), body }));
  }

  function donePage(req: FastifyRequest, reply: FastifyReply, p: SimPayment) {
    const lang = languageOf(req, p);
    const t = translator(lang);
    const back = new URL(p.redirectUrl).origin;
    return html(
      reply,
      409,
      page({
        lang,
        title: t('sim.title'),
        banner: t('sim.banner'),
        body: `<p>${esc(t('sim.done'))}</p><p><a href="${esc(back)}/">${esc(t('sim.back'))}</a></p>`,
      }),
    );
  }

  app.register(
    async (sim) => {
      sim.removeAllContentTypeParsers();
      sim.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
        try {
          done(null, JSON.parse(String(body)));
        } catch {
          done(null, null);
        }
      });
      sim.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
      sim.addHook('onClose', async () => {
        for (const timer of timers) clearTimeout(timer);
      });

      const authorised = (req: FastifyRequest) => req.headers.authorization === credentials.apiKey;
      const apiError = (reply: FastifyReply, http: number, code: string, message: string) =>
        reply.status(http).send({ error: { code, message } });

      sim.get('/sim.css', async (_req, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(SIM_CSS),
      );

      sim.post('/payment/card/start', async (req, reply) => {
        if (!authorised(req)) return apiError(reply, 401, '401', 'Invalid API key');
        const body = asRecord(req.body);
        const order = asRecord(body.order);
        const config = asRecord(body.config);
        const amount = order.amount;
        if (
          typeof order.orderID !== 'string' ||
          order.orderID === '' ||
          typeof amount !== 'number' ||
          !(amount > 0) ||
          order.currency !== 'RON' ||
          order.posSignature !== credentials.posSignature ||
          !isHttpUrl(config.notifyUrl) ||
          !isHttpUrl(config.redirectUrl)
        ) {
          return apiError(reply, 400, '99', 'Invalid request');
        }
        const ntpID = randomBytes(16).toString('hex');
        const payment: SimPayment = {
          ntpID,
          orderID: order.orderID,
          description: typeof order.description === 'string' ? order.description : '',
          amount,
          currency: 'RON',
          notifyUrl: config.notifyUrl,
          redirectUrl: config.redirectUrl,
          language: config.language === 'en' ? 'en' : 'ro',
          authenticationToken: randomBytes(24).toString('base64url'),
          status: STATUS.new,
          card: null,
          paRes: null,
          xid: null,
        };
        store.set(ntpID, payment);
        const paymentURL = `${new URL(config.redirectUrl).origin}/netopia-sim/pay/${ntpID}`;
        return {
          customerAction: {},
          error: { code: '101', message: 'Redirect user to payment page' },
          payment: {
            method: 1,
            allowSaveToken: false,
            ntpID,
            status: STATUS.new,
            amount,
            currency: 'RON',
            paymentURL,
            token: payment.authenticationToken,
            operationDate: new Date().toISOString(),
          },
        };
      });

      sim.post('/payment/card/verify-auth', async (req, reply) => {
        if (!authorised(req)) return apiError(reply, 401, '401', 'Invalid API key');
        const body = asRecord(req.body);
        const p = typeof body.ntpID === 'string' ? store.get(body.ntpID) : undefined;
        if (!p || body.authenticationToken !== p.authenticationToken)
          return apiError(reply, 404, '404', 'Unknown payment');
        const paRes = asRecord(body.formData).paRes;
        if (p.paRes === null || paRes !== p.paRes) {
          return {
            error: { code: '19', message: 'Authentication failed' },
            payment: { ntpID: p.ntpID, status: p.status },
          };
        }
        const paid = p.status === STATUS.paid;
        return {
          error: { code: paid ? '00' : '12', message: paid ? 'Approved' : 'Declined' },
          payment: { ntpID: p.ntpID, status: p.status, amount: p.amount, currency: p.currency },
        };
      });

      sim.post('/operation/status', async (req, reply) => {
        if (!authorised(req)) return apiError(reply, 401, '401', 'Invalid API key');
        const body = asRecord(req.body);
        const p = typeof body.ntpID === 'string' ? store.get(body.ntpID) : undefined;
        if (!p || body.posID !== credentials.posSignature) return apiError(reply, 404, '404', 'Unknown payment');
        return {
          error: { code: '00', message: '' },
          order: { orderID: p.orderID },
          payment: { ntpID: p.ntpID, status: p.status, amount: p.amount, currency: p.currency },
        };
      });

      sim.get<{ Params: { ntpID: string } }>('/pay/:ntpID', async (req, reply) => {
        const p = store.get(req.params.ntpID);
        if (!p) return notFound(req, reply);
        if (p.status !== STATUS.new) return donePage(req, reply, p);
        return cardPage(req, reply, p, 200, {}, {});
      });

      sim.post<{ Params: { ntpID: string } }>('/pay/:ntpID', async (req, reply) => {
        const p = store.get(req.params.ntpID);
        if (!p) return notFound(req, reply);
        if (p.status !== STATUS.new) return donePage(req, reply, p);
        const t = translator(languageOf(req, p));
        const form = asRecord(req.body);
        const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string).trim() : '');
        const values = { card: text('card'), expiry: text('expiry'), cvc: text('cvc'), name: text('name') };
        const number = values.card.replace(/[\s-]/g, '');
        const kind = (Object.entries(SIM_CARDS) as [CardKind, string][]).find(([, n]) => n === number)?.[0] ?? null;
        const errors: Record<string, string> = {};
        if (!kind) errors.card = t('sim.error.cardNumber');
        const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(values.expiry);
        const now = new Date();
        const month = expiry ? Number(expiry[1]) : 0;
        const year = expiry ? 2000 + Number(expiry[2]) : 0;
        if (
          !expiry ||
          month < 1 ||
          month > 12 ||
          year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
        ) {
          errors.expiry = t('sim.error.expiry');
        }
        if (!/^\d{3}$/.test(values.cvc)) errors.cvc = t('sim.error.cvc');
        if (values.name.length < 2) errors.name = t('sim.error.name');
        if (Object.keys(errors).length > 0 || !kind) return cardPage(req, reply, p, 400, values, errors);
        p.card = kind;
        log.info({ ntpID: p.ntpID, card: kind }, 'simulator card submitted');
        if (kind === 'declined') {
          p.status = STATUS.declined;
          p.xid = randomBytes(10).toString('hex');
          p.paRes = `N-${randomBytes(8).toString('hex')}`;
          notify(p);
          return backToShop(reply, p);
        }
        p.status = STATUS.threeDSecure;
        return reply.redirect(`/netopia-sim/3ds/${p.ntpID}`, 303);
      });

      sim.get<{ Params: { ntpID: string } }>('/3ds/:ntpID', async (req, reply) => {
        const p = store.get(req.params.ntpID);
        if (!p) return notFound(req, reply);
        if (p.status !== STATUS.threeDSecure) return donePage(req, reply, p);
        const lang = languageOf(req, p);
        const t = translator(lang);
        const amount = formatMoney(Math.round(p.amount * 100), { code: 'RON' }, lang);
        const body = `<p>${esc(t('sim.3ds.text', { amount }))}</p>
<form method="post" action="/netopia-sim/3ds/${esc(p.ntpID)}">
<button type="submit" name="decision" value="approve">${esc(t('sim.3ds.approve'))}</button>
<button type="submit" name="decision" value="reject" class="secondary">${esc(t('sim.3ds.reject'))}</button>
</form>`;
        return html(reply, 200, page({ lang, title: t('sim.3ds.title'), banner: t('sim.banner'), body }));
      });

      sim.post<{ Params: { ntpID: string } }>('/3ds/:ntpID', async (req, reply) => {
        const p = store.get(req.params.ntpID);
        if (!p) return notFound(req, reply);
        if (p.status !== STATUS.threeDSecure) return donePage(req, reply, p);
        const approved = asRecord(req.body).decision === 'approve' && p.card === 'success';
        // The bank settles the payment once the cardholder is authenticated; the return only reports it.
        p.status = approved ? STATUS.paid : STATUS.declined;
        p.xid = randomBytes(10).toString('hex');
        p.paRes = `${approved ? 'Y' : 'N'}-${randomBytes(8).toString('hex')}`;
        log.info({ ntpID: p.ntpID, approved }, 'simulator 3-D Secure');
        notify(p);
        return backToShop(reply, p);
      });
    },
    { prefix: '/netopia-sim' },
  );
}
