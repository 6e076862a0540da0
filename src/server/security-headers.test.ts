import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

const options: HelmetOptions = {
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/** What helmet's own middleware sets on a real response, for these options. */
function helmetOnARealResponse(helmetOptions: HelmetOptions): Record<string, string> {
  const res = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(helmetOptions)({} as IncomingMessage, res, () => {});
  return Object.fromEntries(Object.entries(res.getHeaders()).map(([name, value]) => [name, String(value)]));
}

async function appWith(nonces: boolean, helmetOptions = options) {
  const app = Fastify();
  registerSecurityHeaders(app, { helmet: helmetOptions, nonces });
  app.get('/', async (_req, reply) => ({ nonces: reply.cspNonce }));
  await app.ready();
  return app;
}

const noncesOf = (csp: string) => [...csp.matchAll(/'nonce-([^']+)'/g)].map((m) => m[1]);

describe('security headers', () => {
  it("sends helmet's headers, with this response's nonces added to script-src and style-src", async () => {
    const app = await appWith(true);
    const res = await app.inject('/');
    const csp = String(res.headers['content-security-policy']);
    const [script, style] = noncesOf(csp);
    expect(res.json().nonces).toEqual({ script, style });
    const directives = (options.contentSecurityPolicy as { directives: Record<string, string[] | null> }).directives;
    const expected = helmetOnARealResponse({
      ...options,
      contentSecurityPolicy: {
        directives: {
          ...directives,
          scriptSrc: ["'self'", `'nonce-${script}'`],
          styleSrc: ["'self'", `'nonce-${style}'`],
        },
      },
    });
    for (const [name, value] of Object.entries(expected)) expect(res.headers[name], name).toBe(value);
    expect(csp).not.toContain('unsafe-inline');
    await app.close();
  });

  it('gives every response two nonces of its own: 128 random bits each, never seen again', async () => {
    const app = await appWith(true);
    const seen = new Set<string>();
    // Over two refills of the pool the nonces are cut from (256 nonces each).
    for (let i = 0; i < 300; i++) {
      const { script, style } = (await app.inject('/')).json().nonces;
      for (const nonce of [script, style]) {
        expect(nonce).toMatch(/^[0-9a-f]{32}$/);
        expect(seen.has(nonce)).toBe(false);
        seen.add(nonce);
      }
    }
    await app.close();
  });

  it('sends no policy and no nonces when the policy is off (development), the other headers still', async () => {
    const app = await appWith(false, { ...options, contentSecurityPolicy: false });
    const res = await app.inject('/');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.json().nonces).toBeNull();
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
  });

  it('sends the policy without nonces when nonces are off', async () => {
    const app = await appWith(false);
    const res = await app.inject('/');
    expect(res.headers['content-security-policy']).toBe(helmetOnARealResponse(options)['content-security-policy']);
    expect(res.json().nonces).toBeNull();
    await app.close();
  });
});
