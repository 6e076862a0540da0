import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { normalizeEmail } from '../contracts/accounts';
import { SHOP_TIME_ZONE } from '../contracts/dates';
import { AppError } from '../contracts/errors';

/**
 * Rate limits of the account forms (issue 9 item 3), one set for the page actions and the JSON API:
 * both call `limits.<action>(ip, email)` before the service. Counters live in @fastify/rate-limit's
 * store: Redis when REDIS_URL is set (every instance shares them), this process's memory otherwise.
 */
export type AuthAction = 'login' | 'forgot' | 'register';

export interface AuthLimits {
  /**
   * Counts one attempt and throws RATE_LIMITED once a limit is passed. For `login` only failures
   * count: call `loginFailed` after a refused password, `login` (a check) before trying.
   */
  check(action: AuthAction, ip: string, email?: string): Promise<void>;
  loginFailed(ip: string, email: string): Promise<void>;
  close(): Promise<void>;
}

const MINUTE_MS = 60_000;
/** Issue 9 item 3: per IP and per e-mail. */
const RULES = {
  loginIp: { max: 10, timeWindow: 15 * MINUTE_MS },
  loginEmail: { max: 10, timeWindow: 15 * MINUTE_MS },
  forgotEmail: { max: 5, timeWindow: 60 * MINUTE_MS },
  forgotIp: { max: 20, timeWindow: 60 * MINUTE_MS },
  registerIp: { max: 10, timeWindow: 60 * MINUTE_MS },
} as const;
type Rule = keyof typeof RULES;

/**
 * The limiter reads its key from the object it is given: a stand-in for a request carrying the key of
 * this count (`login:ip:…`), since one request is counted under several keys.
 */
interface Counted {
  limitKey: string;
  routeOptions: { config: object };
}

const clock = new Intl.DateTimeFormat('ro-RO', { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit' });

function refusal(ttlMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('RATE_LIMITED', {
    messageKey: 'apiError.account.rateLimited',
    // The next whole minute after the window ends, in the shop's time: "după ora 14:35".
    params: { time: clock.format(new Date(Math.ceil((Date.now() + seconds * 1000) / MINUTE_MS) * MINUTE_MS)) },
    retryAfterSeconds: seconds,
  });
}

export async function createAuthLimits(app: FastifyInstance, redisUrl: string | undefined): Promise<AuthLimits> {
  const redis = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: true }) : null;
  // ioredis reconnects by itself; a lost connection is logged, and the counts in the meantime fail (503).
  redis?.on('error', (err) => app.log.warn({ err }, 'rate-limit store unreachable'));
  let limiters: Record<Rule, ReturnType<FastifyInstance['createRateLimit']>> | undefined;
  // Its own scope, so the plugin's hooks and decorators touch no other route.
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'maranatha:auth:' } : {}),
      keyGenerator: (req) => (req as unknown as Counted).limitKey,
    });
    const make = (rule: Rule) => scope.createRateLimit({ ...RULES[rule] });
    limiters = {
      loginIp: make('loginIp'),
      loginEmail: make('loginEmail'),
      forgotEmail: make('forgotEmail'),
      forgotIp: make('forgotIp'),
      registerIp: make('registerIp'),
    };
  });
  if (!limiters) throw new Error('rate limiters were not created');
  const all = limiters;

  async function count(rule: Rule, value: string, increment: boolean): Promise<void> {
    const counted: Counted = { limitKey: `${rule}:${value}`, routeOptions: { config: {} } };
    let result: Awaited<ReturnType<(typeof all)[Rule]>>;
    try {
      result = await all[rule](counted as unknown as FastifyRequest, { increment });
    } catch (err) {
      // Without its counters the shop cannot bound guessing: it refuses (503) rather than let everything through.
      throw new AppError('UNAVAILABLE', { detail: `rate-limit store: ${(err as Error).message}` });
    }
    if (result.isAllowed) return;
    // A count refuses the attempt past the maximum; a read (login failures so far) refuses once they reach it.
    if (increment ? result.isExceeded : result.remaining === 0) throw refusal(result.ttl);
  }

  return {
    async check(action, ip, email) {
      const key = email === undefined ? '' : normalizeEmail(email);
      if (action === 'login') {
        await count('loginIp', ip, false);
        await count('loginEmail', key, false);
      } else if (action === 'forgot') {
        await count('forgotIp', ip, true);
        await count('forgotEmail', key, true);
      } else {
        await count('registerIp', ip, true);
      }
    },
    async loginFailed(ip, email) {
      await count('loginIp', ip, true);
      await count('loginEmail', normalizeEmail(email), true);
    },
    async close() {
      await redis?.quit();
    },
  };
}
