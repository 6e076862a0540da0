import type { InvoiceSeller } from '../contracts/invoices';
import { createPublicKey, randomBytes } from 'node:crypto';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { ShopContact } from '../contracts/contact';
import type { SisterStore } from '../contracts/static-pages';
import { simulatorCredentials } from './netopia-simulator/credentials';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'must be one of 1, 0, true, false, yes, no, on, off',
  })
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const TRUST_PROXY_ERROR =
  'must be false, true, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges';

/** An IPv4/IPv6 address, optionally with a /prefix of the right length. */
function isAddressOrCidr(value: string): boolean {
  const [address, prefix, extra] = value.split('/');
  const version = isIP(address);
  if (!version || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Which peers may tell us the client's address (X-Forwarded-For): none by default, so a visitor cannot
 * forge the IP that rate limits count; Fastify's `trustProxy` takes the parsed value as it is.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    const lower = v.toLowerCase();
    if (['', 'false', 'no', 'off'].includes(lower)) return false;
    if (['true', 'yes', 'on'].includes(lower)) return true;
    if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
    const list = v.split(',').map((part) => part.trim());
    if (list.every(isAddressOrCidr)) return list;
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_ERROR });
    return z.NEVER;
  });

export type TrustProxy = boolean | number | string[];

/** A whole number between `min` and `max` from its text, refused with one message whatever is wrong with it. */
const wholeNumber = (min: number, max: number, error: string) =>
  z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: wholeNumber(0, 65535, 'must be a port number between 0 and 65535').default(3000),
  HOST: z.string().min(1, { error: 'must be a host name or address' }).default('0.0.0.0'),
  DATA_DIR: z.string().min(1, { error: 'must be a directory path' }).default('./data'),
  TRUST_PROXY: trustProxy.default(false),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://www.example.ro' }).optional(),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
  DEMO_DATA: booleanFlag.default(true),
  DEMO_PRODUCTS: wholeNumber(1, 1_000_000, 'must be a whole number of products between 1 and 1000000').default(20_000),
  RO_ADDRESS_DATA: z.string().min(1, { error: 'must be a directory path' }).optional(),
  WORKERS: wholeNumber(1, 64, 'must be a whole number of worker processes between 1 and 64').default(1),
  RENDER_THREADS: wholeNumber(0, 16, 'must be a whole number of render threads between 0 and 16').optional(),
  BACKGROUND_THREADS_NICE: wholeNumber(0, 19, 'must be a whole number between 0 and 19').default(5),
  SHOP_EMAIL: z.email({ error: 'must be an e-mail address' }).default('comenzi@librariamaranatha.ro'),
  SHOP_PHONE: z.string().min(6, { error: 'must be a phone number' }).default('0740 123 456'),
  SHOP_PHONE_2: z.string().min(6, { error: 'must be a phone number' }).default('0257 123 456'),
  SHOP_ADDRESS: z
    .string()
    .min(5, { error: 'must be a postal address' })
    .default('Str. Revoluției nr. 81, Arad 310130, jud. Arad'),
  SHOP_IBAN: z
    .string()
    .regex(/^[A-Z]{2}\d{2}[A-Z0-9 ]{11,34}$/, { error: 'must be an IBAN' })
    .default('RO49 AAAA 1B31 0075 9384 0000'),
  SHOP_BANK: z.string().min(2, { error: 'must be a bank name' }).default('Banca demo (configurați SHOP_BANK)'),
  SHOP_ACCOUNT_HOLDER: z
    .string()
    .min(2, { error: 'must be a name' })
    .default('Asociația Maranatha (demo: configurați SHOP_ACCOUNT_HOLDER)'),
  ASSOCIATION_NAME: z
    .string()
    .min(2, { error: 'must be a name' })
    .default('Asociația Maranatha (demo: configurați ASSOCIATION_NAME)'),
  ASSOCIATION_CUI: z
    .string()
    .regex(/^(RO)?\d{2,10}$/, { error: 'must be a CUI (fiscal code), digits with an optional RO' })
    .default('18547290'),
  ASSOCIATION_REGISTRATION: z.string().min(2, { error: 'must be a registration number' }).default('12/A/2006'),
  INVOICE_SERIES: z
    .string()
    .regex(/^[A-Z]{1,10}$/, { error: 'must be 1 to 10 capital letters' })
    .default('MRN'),
  SHOP_FACEBOOK_URL: z.url({ error: 'must be a URL' }).default('https://www.facebook.com/'),
  SHOP_INSTAGRAM_URL: z.url({ error: 'must be a URL' }).default('https://www.instagram.com/'),
  SHOP_YOUTUBE_URL: z.url({ error: 'must be a URL' }).default('https://www.youtube.com/'),
  SHOP_MAPS_URL: z.url({ error: 'must be a URL' }).optional(),
  /** BNR's daily rates file, downloaded by `npm run rates:update` and the back office's "update now". */
  BNR_RATES_URL: z.url({ error: 'must be a URL' }).default('https://www.bnr.ro/nbrfxrates.xml'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.email({ error: 'must be an e-mail address' }).optional(),
  MAIL_CLAIM_SECONDS: wholeNumber(1, 3600, 'must be a whole number of seconds between 1 and 3600').default(300),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  LOGIN_NOTICE: booleanFlag.default(false),
  NETOPIA_API_KEY: z
    .string()
    .trim()
    .min(8, { error: 'must be the API key from NETOPIA’s admin (at least 8 characters)' })
    .optional(),
  NETOPIA_POS_SIGNATURE: z
    .string()
    .trim()
    .regex(/^[A-Z0-9-]{4,64}$/i, { error: 'must be the POS signature from NETOPIA’s admin (XXXX-XXXX-XXXX-XXXX-XXXX)' })
    .optional(),
  NETOPIA_PUBLIC_KEY: z
    .string()
    .trim()
    .min(1, { error: 'must be NETOPIA’s public key (PEM text or a file path)' })
    .optional(),
  NETOPIA_BASE_URL: z
    .url({ error: 'must be NETOPIA’s API address, e.g. https://secure.sandbox.netopia-payments.com' })
    .optional(),
  NETOPIA_SIMULATOR: booleanFlag.optional(),
  CARD_UNPAID_MINUTES: wholeNumber(15, 10_080, 'must be a whole number of minutes between 15 and 10080').default(120),
  SISTER_SHOP_GIFTS_URL: z.url({ error: 'must be a URL' }).default('https://cadouri.librariamaranatha.ro/'),
  SISTER_SHOP_LINEN_URL: z.url({ error: 'must be a URL' }).default('https://lenjerii.librariamaranatha.ro/'),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  sessionSecret: string;
  logLevel: string;
  /** Fastify's `trustProxy`: false unless the shop runs behind a configured proxy. */
  trustProxy: TrustProxy;
  demoData: boolean;
  /** How many demo products a first start generates (benchmarks use more). */
  demoProducts: number;
  /**
   * Where Romania's address files are (RO_ADDRESS_DATA, default ../shared/data/ro-address from the
   * project root); the importer falls back to the built-in counties when they are not there.
   */
  roAddressData: string;
  /** Worker processes serving one port (node:cluster); more than one needs PostgreSQL (decision 018). */
  workers: number;
  /**
   * Threads rendering the pages beside the main thread, which keeps the database and the caches (decision
   * 034); 0 renders on the main thread. Production only: development renders through Vite. By default one
   * where each worker has two cores, otherwise none (decision 052).
   */
  renderThreads: number;
  /**
   * How much nicer than the main thread V8's background threads run (decision 054): the collector's and the
   * compiler's work gives way to the requests' threads when the cores are full. 0 leaves them as they are.
   */
  backgroundThreadsNice: number;
  contact: ShopContact;
  /** The account bank transfers go to (the order e-mail and the order-registered page show it). */
  bankAccount: { iban: string; bank: string; holder: string };
  bnrRatesUrl: string;
  /** The series invoices are numbered in and the association's details they print (issue 12). */
  invoices: { series: string; seller: InvoiceSeller };
  /** SMTP when smtpUrl is set, otherwise .eml files in outboxDir (docs/decisions/006-mail-outbox.md). */
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string; claimMs: number };
  sisterStores: SisterStore[];
  /** Where the login/forgot/register rate limits are counted (shared by every instance); memory when unset. */
  redisUrl: string | undefined;
  /** SPEC §1: the login page says logging in may be unavailable today (the operator switches it on). */
  loginNotice: boolean;
  /** Card payments (issue 12, docs/payments.md): NETOPIA, or the built-in simulator when no keys are set. */
  payments: PaymentConfig;
}

export interface PaymentConfig {
  mode: 'netopia' | 'simulator';
  apiKey: string;
  posSignature: string;
  /** Notifications are verified with it (NETOPIA's key, or the simulator's own). */
  publicKeyPem: string;
  /** Where the shop calls the API (no trailing slash). */
  baseUrl: string;
  /** The simulator signs its notifications with it (simulator mode only). */
  simulatorPrivateKeyPem: string | null;
  /** How long a card order may stay unpaid before it is cancelled (CARD_UNPAID_MINUTES). */
  cardUnpaidMs: number;
}

const hostOf = (url: string) => new URL(url).host;

export class ConfigError extends Error {}

/**
 * Makes sure DATA_DIR exists, is a directory and can be written, so an unusable one stops the start with
 * one line instead of a stack trace from PGlite or the outbox later.
 */
function ensureDataDir(dataDir: string, given: string): void {
  const refuse = (cause: string) => new ConfigError(`Invalid configuration: DATA_DIR ${cause} (got "${given}")`);
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory()) throw refuse('is a file, not a directory');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    throw refuse(`cannot be created: ${(err as Error).message}`);
  }
  try {
    accessSync(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (err) {
    throw refuse(`is not writable: ${(err as Error).message}`);
  }
}

/** The secret kept in DATA_DIR so sessions survive restarts when SESSION_SECRET is unset. */
function storedSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * One render thread per worker when every worker has a core for its main thread and one for the render thread;
 * otherwise none: workers already fill the cores, and a thread more per process only adds hand-overs between
 * threads that wait for the same cores (decision 052).
 */
function defaultRenderThreads(workers: number, cores: number): number {
  return workers * 2 <= cores ? 1 : 0;
}

/**
 * Reads and validates the environment; the first bad variable becomes one readable line. `cores` is the
 * machine's (tests pass their own).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cores = os.availableParallelism()): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue.path[0]);
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message} (got "${env[name] ?? ''}")`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration: SESSION_SECRET must be set in production (at least 32 characters)');
  }
  if (e.WORKERS > 1 && !e.DATABASE_URL) {
    // PGlite lives inside one process: a second one cannot open the same data directory.
    throw new ConfigError(
      `Invalid configuration: WORKERS must be 1 with the embedded database (PGlite is single-process); set DATABASE_URL to run more (got "${env.WORKERS}")`,
    );
  }
  const dataDir = path.resolve(e.DATA_DIR);
  ensureDataDir(dataDir, e.DATA_DIR);
  const payments = paymentConfig(e, env, dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    sessionSecret: e.SESSION_SECRET ?? storedSessionSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    demoData: e.DEMO_DATA,
    demoProducts: e.DEMO_PRODUCTS,
    roAddressData: path.resolve(e.RO_ADDRESS_DATA ?? '../shared/data/ro-address'),
    workers: e.WORKERS,
    renderThreads: e.RENDER_THREADS ?? defaultRenderThreads(e.WORKERS, cores),
    backgroundThreadsNice: e.BACKGROUND_THREADS_NICE,
    contact: {
      email: e.SHOP_EMAIL,
      phone: e.SHOP_PHONE,
      phone2: e.SHOP_PHONE_2,
      address: e.SHOP_ADDRESS,
      mapsUrl:
        e.SHOP_MAPS_URL ?? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(e.SHOP_ADDRESS)}`,
      social: { facebook: e.SHOP_FACEBOOK_URL, instagram: e.SHOP_INSTAGRAM_URL, youtube: e.SHOP_YOUTUBE_URL },
    },
    bankAccount: { iban: e.SHOP_IBAN, bank: e.SHOP_BANK, holder: e.SHOP_ACCOUNT_HOLDER },
    bnrRatesUrl: e.BNR_RATES_URL,
    invoices: {
      series: e.INVOICE_SERIES,
      seller: {
        name: e.ASSOCIATION_NAME,
        cui: e.ASSOCIATION_CUI,
        registration: e.ASSOCIATION_REGISTRATION,
        address: e.SHOP_ADDRESS,
        bank: e.SHOP_BANK,
        iban: e.SHOP_IBAN,
      },
    },
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? e.SHOP_EMAIL,
      outboxDir: path.join(dataDir, 'outbox'),
      claimMs: e.MAIL_CLAIM_SECONDS * 1000,
    },
    redisUrl: e.REDIS_URL,
    loginNotice: e.LOGIN_NOTICE,
    payments,
    sisterStores: [
      { name: 'Cadouri Maranatha', url: e.SISTER_SHOP_GIFTS_URL, displayText: hostOf(e.SISTER_SHOP_GIFTS_URL) },
      { name: 'Lenjerii Maranatha', url: e.SISTER_SHOP_LINEN_URL, displayText: hostOf(e.SISTER_SHOP_LINEN_URL) },
    ],
  };
}

const NETOPIA_KEYS = ['NETOPIA_API_KEY', 'NETOPIA_POS_SIGNATURE', 'NETOPIA_PUBLIC_KEY', 'NETOPIA_BASE_URL'] as const;

/** NETOPIA_PUBLIC_KEY is the PEM text itself or the path of a file holding it. */
function readPublicKey(value: string): string {
  const pem = value.includes('-----BEGIN')
    ? value.replace(/\\n/g, '\n')
    : existsSync(value)
      ? readFileSync(value, 'utf8')
      : '';
  try {
    createPublicKey(pem);
  } catch {
    throw new ConfigError(
      `Invalid configuration: NETOPIA_PUBLIC_KEY must be NETOPIA’s public key as PEM text or the path of a PEM file (got "${value.slice(0, 40)}")`,
    );
  }
  return pem;
}

/**
 * NETOPIA when its four variables are set (all or none); otherwise the built-in simulator, which production
 * refuses unless NETOPIA_SIMULATOR=true says it is meant (decision 020).
 */
function paymentConfig(e: z.output<typeof envSchema>, env: NodeJS.ProcessEnv, dataDir: string): PaymentConfig {
  const cardUnpaidMs = e.CARD_UNPAID_MINUTES * 60_000;
  const given = NETOPIA_KEYS.filter((name) => e[name] !== undefined);
  if (given.length > 0) {
    const missing = NETOPIA_KEYS.find((name) => e[name] === undefined);
    if (missing) {
      throw new ConfigError(
        `Invalid configuration: ${missing} must be set too when ${given.join(', ')} ${given.length > 1 ? 'are' : 'is'} set (NETOPIA needs all four; none = the built-in simulator)`,
      );
    }
    if (e.NETOPIA_SIMULATOR === true) {
      throw new ConfigError(
        'Invalid configuration: NETOPIA_SIMULATOR must not be true when NETOPIA’s keys are set (got "true")',
      );
    }
    return {
      mode: 'netopia',
      apiKey: e.NETOPIA_API_KEY as string,
      posSignature: e.NETOPIA_POS_SIGNATURE as string,
      publicKeyPem: readPublicKey(e.NETOPIA_PUBLIC_KEY as string),
      baseUrl: (e.NETOPIA_BASE_URL as string).replace(/\/$/, ''),
      simulatorPrivateKeyPem: null,
      cardUnpaidMs,
    };
  }
  if (e.NODE_ENV === 'production' && e.NETOPIA_SIMULATOR !== true) {
    throw new ConfigError(
      `Invalid configuration: NETOPIA_API_KEY must be set in production (with NETOPIA_POS_SIGNATURE, NETOPIA_PUBLIC_KEY, NETOPIA_BASE_URL), or NETOPIA_SIMULATOR=true to take test payments (got "${env.NETOPIA_API_KEY ?? ''}")`,
    );
  }
  const sim = simulatorCredentials(dataDir);
  // The shop reaches the simulator over HTTP like any provider; from inside, through the loopback.
  const host = ['0.0.0.0', '::', ''].includes(e.HOST) ? '127.0.0.1' : e.HOST.includes(':') ? `[${e.HOST}]` : e.HOST;
  return {
    mode: 'simulator',
    apiKey: sim.apiKey,
    posSignature: sim.posSignature,
    publicKeyPem: sim.publicKeyPem,
    baseUrl: `http://${host}:${e.PORT}/netopia-sim`,
    simulatorPrivateKeyPem: sim.privateKeyPem,
    cardUnpaidMs,
  };
}
