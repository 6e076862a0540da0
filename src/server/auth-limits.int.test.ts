import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { AppError } from '../contracts/errors';
import { type AuthLimits, createAuthLimits } from './auth-limits';

/** Memory always; Redis when TEST_REDIS_URL is set (redis://127.0.0.1:6379 on our machines). */
const stores: { name: string; url?: string }[] = [
  { name: 'memory' },
  ...(process.env.TEST_REDIS_URL ? [{ name: 'redis', url: process.env.TEST_REDIS_URL }] : []),
];

describe.each(stores)('account rate limits in $name', ({ url }) => {
  const apps: ReturnType<typeof Fastify>[] = [];
  async function limits(): Promise<AuthLimits> {
    const app = Fastify();
    apps.push(app);
    const made = await createAuthLimits(app, url);
    app.addHook('onClose', () => made.close());
    await app.ready();
    return made;
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  // Keys of this run only, so a Redis shared with earlier runs starts from zero.
  const run = randomBytes(4).toString('hex');

  it('allows 10 registrations an hour from one address, then says when to try again', async () => {
    const l = await limits();
    const ip = `10.${run}.1`;
    for (let i = 0; i < 10; i++) await l.check('register', ip);
    const refused = l.check('register', ip);
    await expect(refused).rejects.toMatchObject({ code: 'RATE_LIMITED', messageKey: 'apiError.account.rateLimited' });
    const err = (await refused.catch((e: unknown) => e)) as AppError;
    expect(err.retryAfterSeconds).toBeGreaterThan(3500);
    expect(err.params?.time).toMatch(/^\d\d:\d\d$/);
    await l.check('register', `10.${run}.2`);
  });

  it('counts only failed logins, per address and per e-mail', async () => {
    const l = await limits();
    const email = `Ana.${run}@Example.ro`;
    for (let i = 0; i < 20; i++) await l.check('login', `10.${run}.3`, email);
    for (let i = 0; i < 10; i++) await l.loginFailed(`10.${run}.${i + 10}`, email);
    // The same address however it is spelled.
    await expect(l.check('login', `10.${run}.99`, email.toLowerCase())).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    await l.check('login', `10.${run}.99`, `alt.${run}@example.ro`);
  });

  it('limits forgot-password per e-mail (5) and per address (20)', async () => {
    const l = await limits();
    const email = `ion.${run}@example.ro`;
    for (let i = 0; i < 5; i++) await l.check('forgot', `10.${run}.${i + 30}`, email);
    await expect(l.check('forgot', `10.${run}.40`, email)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    const ip = `10.${run}.50`;
    for (let i = 0; i < 20; i++) await l.check('forgot', ip, `x${i}.${run}@example.ro`);
    await expect(l.check('forgot', ip, `y.${run}@example.ro`)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it.runIf(url)('shares the counters between two app instances', async () => {
    const [a, b] = [await limits(), await limits()];
    const ip = `10.${run}.60`;
    for (let i = 0; i < 5; i++) await a.check('register', ip);
    for (let i = 0; i < 5; i++) await b.check('register', ip);
    await expect(a.check('register', ip)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });
});

describe('account rate limits without their Redis', () => {
  it('refuse with UNAVAILABLE rather than let every attempt through', async () => {
    const app = Fastify();
    const limits = await createAuthLimits(app, 'redis://127.0.0.1:1');
    app.addHook('onClose', () => limits.close());
    await app.ready();
    await expect(limits.check('register', '10.0.0.1')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    await app.close();
  }, 20_000);
});
