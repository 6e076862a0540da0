import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { PageNonces } from './html-cache';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonces (null without a Content-Security-Policy, in development). */
    cspNonce: PageNonces | null;
  }
}

/** Stand-ins for the nonces in the policy serialised once; each response gets the policy with its own. */
const SCRIPT_NONCE = '__script_nonce__';
const STYLE_NONCE = '__style_nonce__';
const NONCE_BYTES = 16;

/**
 * Helmet's headers for `options`, lower-cased, as its middleware sets them. Run once, against a response that
 * only records: helmet builds and checks every header from the options each time it is called.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Nonces cut from a pool of the system's random bytes, refilled every 256 nonces: one call to the random source
 * for many responses instead of two for each (crypto.randomUUID keeps such a pool too). Each byte is used once.
 */
function createNonceSource(): () => string {
  const pool = Buffer.alloc(NONCE_BYTES * 256);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const nonce = pool.toString('hex', offset, offset + NONCE_BYTES);
    offset += NONCE_BYTES;
    return nonce;
  };
}

export interface SecurityHeadersOptions {
  /** Helmet's options; `contentSecurityPolicy: false` sends none (development). */
  helmet: HelmetOptions;
  /** Adds a script and a style nonce of each response to `script-src` and `style-src` (reply.cspNonce). */
  nonces: boolean;
}

/**
 * Every response's security headers, as @fastify/helmet sent them (decision 041): helmet's headers computed once at
 * start, and each response's two CSP nonces put into the policy's text. @fastify/helmet ran helmet's middleware
 * and drew two nonces from the system for every request, about 0.2 ms of the main thread each.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): void {
  const csp = options.helmet.contentSecurityPolicy;
  const withNonces =
    options.nonces && csp && typeof csp === 'object'
      ? {
          ...options.helmet,
          contentSecurityPolicy: {
            ...csp,
            directives: {
              ...csp.directives,
              scriptSrc: [...((csp.directives?.scriptSrc as string[]) ?? []), `'nonce-${SCRIPT_NONCE}'`],
              styleSrc: [...((csp.directives?.styleSrc as string[]) ?? []), `'nonce-${STYLE_NONCE}'`],
            },
          },
        }
      : options.helmet;
  const { 'content-security-policy': policy, ...others } = helmetHeaders(withNonces);
  const addsNonces = withNonces !== options.helmet;
  const nonce = createNonceSource();

  app.decorateReply('cspNonce', null);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(others);
    if (policy && addsNonces) {
      const nonces = { script: nonce(), style: nonce() };
      reply.cspNonce = nonces;
      reply.header(
        'content-security-policy',
        policy.replace(SCRIPT_NONCE, nonces.script).replace(STYLE_NONCE, nonces.style),
      );
    } else if (policy) {
      reply.header('content-security-policy', policy);
    }
    done();
  });
}
