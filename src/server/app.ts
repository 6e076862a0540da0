import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerBuild } from 'react-router';
import { createServices, type Services } from '../core/services';
import type { DbHandle } from '../db/client';
import { aboutRoutes } from './api/about/routes';
import { authRoutes } from './api/auth/routes';
import { sessionRoutes } from './api/session/routes';
import { createAuthLimits } from './auth-limits';
import { addressRoutes } from './api/addresses/routes';
import { blogRoutes } from './api/blog/routes';
import { cartRoutes } from './api/cart/routes';
import { caseRoutes } from './api/cases/routes';
import { clientLogRoutes } from './api/client-log/routes';
import { profileRoutes } from './api/profile/routes';
import { geographyRoutes } from './api/geography/routes';
import { shippingRoutes } from './api/shipping/routes';
import { orderRoutes } from './api/orders/routes';
import { paymentRoutes } from './api/payments/routes';
import { adminRoutes } from './api/admin/routes';
import { registerNetopiaSimulator } from './netopia-simulator/simulator';
import { AppError } from '../contracts/errors';
import { apiErrorBody, registerApiErrors, sendApiError } from './api/errors';
import { openapiTransform } from './api/openapi';
import type { Config, TrustProxy } from './config';
import { registerCovers } from './covers';
import { API_BODY_LIMIT_BYTES, PAGE_METHODS, registerOriginCheck } from './edges';
import { registerIllustrations } from './illustrations';
import { registerMailRelay } from './mail-relay';
import { serviceOptions } from './service-options';
import { catalogueRoutes } from './api/catalogue/routes';
import { uploadRoutes } from './api/uploads/routes';
import { registerUploads } from './uploads';
import { registerMedia } from './media';
import { registerBodyCompression } from './body-compression';
import { registerSecurityHeaders } from './security-headers';
import { registerSeo } from './seo';
import { COMPRESS_THRESHOLD_BYTES, HtmlCache } from './html-cache';
import { registerSessions } from './session';
import { type RenderThreadsOptions, type SendErrorPage, registerSsr, serveFromHtmlCache } from './ssr';

export interface WebOptions {
  mode: 'production' | 'development';
  getBuild: () => Promise<ServerBuild>;
  /** Built browser assets (build/client); absent in development, where Vite serves them. */
  clientDir?: string;
  /** Threads that render the pages (production, decision 034); absent or 0 threads: the main thread does. */
  renderThreads?: RenderThreadsOptions;
}

export interface AppOptions {
  config: Config;
  db: DbHandle;
  /** Server-rendered pages; integration tests of the API leave it out. */
  web?: WebOptions;
  /** Extra Fastify set-up run before the catch-all page route (Vite's middleware in development). */
  beforePages?: (app: FastifyInstance) => Promise<void>;
  /** How long a request may take in all, and its headers alone (tests shorten them). */
  timeouts?: { requestMs: number; headersMs: number };
  /**
   * Runs the in-process jobs: the cleanup of abandoned guest carts and the cancellation of unpaid transfer
   * orders (server/main.ts; tests call them themselves).
   */
  scheduledJobs?: boolean;
  /**
   * Reads the catalogue's facet table once the app is ready, and `/readyz` answers 503 until it is read: on
   * 200,000 products that takes seconds, which the first searches would otherwise wait for (server/main.ts).
   */
  warmUpCatalogue?: boolean;
  /**
   * How the shop reaches the card provider and the simulator sends its notifications; tests route both into
   * this app (`injectFetch` of server/testing.ts). The global fetch otherwise.
   */
  paymentFetch?: (app: FastifyInstance) => typeof fetch;
}

export interface ShopApp {
  app: FastifyInstance;
  services: Services;
  config: Config;
  /** The page cache (production only), for the memory report's figures. */
  htmlCache: HtmlCache | null;
}

const ONE_YEAR_S = 31_536_000;
const DEFAULT_TIMEOUTS = { requestMs: 30_000, headersMs: 10_000 };

/**
 * Fastify ignores a bare hop count (it fails closed); a configured count means "the nearest N peers are
 * our proxies", which proxy-addr expresses as a function of the hop index (0 = the socket's peer).
 */
function trustProxyOption(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(options: AppOptions): Promise<ShopApp> {
  const { config, db } = options;
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  // Set once the pages are registered; refusals before routing use it for the shop's error page.
  let sendErrorPage: SendErrorPage | undefined;
  const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: API_BODY_LIMIT_BYTES,
    // A client that trickles its headers or body is cut off instead of holding a connection forever.
    requestTimeout: timeouts.requestMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.min(1000, timeouts.headersMs) },
    keepAliveTimeout: 65_000,
    connectionTimeout: 70_000,
    // A path that cannot be decoded (`/%zz`) is the visitor's mistake: a 400 in the shop's shape.
    frameworkErrors: (_err, req, reply) => {
      if (sendErrorPage && !isApi(req.url)) return void sendErrorPage(req, reply, 400);
      return void (reply as FastifyReply)
        .status(400)
        .send(apiErrorBody(new AppError('VALIDATION'), req as FastifyRequest));
    },
  });
  const paymentFetch = options.paymentFetch?.(app);
  const services = createServices(db.db, serviceOptions(config, app.log, db.kind, paymentFetch));
  registerMailRelay(app, services);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // One JSON line per request, with the path but not the query (it can hold e-mails or names).
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      { method: req.method, path: req.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
  });

  const development = options.web?.mode === 'development';
  const debugHeaders = config.logLevel === 'debug' || config.logLevel === 'trace';
  // First of all hooks: a cached page is sent as stored, security headers included (decision 018).
  const htmlCache = options.web?.mode === 'production' ? new HtmlCache() : null;
  if (htmlCache) app.addHook('onRequest', serveFromHtmlCache(htmlCache, debugHeaders));
  const https = config.publicUrl.startsWith('https:');
  registerSecurityHeaders(app, {
    nonces: !development,
    helmet: {
      // Browsers then send `Origin` with the shop's own form posts (not "null"), which the origin check needs.
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      // Agrees with `frame-ancestors 'none'` for browsers that only know the older header.
      xFrameOptions: { action: 'deny' },
      // Over plain http (development, tests, a shop behind nothing) HSTS would only mislead.
      strictTransportSecurity: https ? { maxAge: ONE_YEAR_S, includeSubDomains: true } : false,
      contentSecurityPolicy: development
        ? false
        : {
            directives: {
              defaultSrc: ["'self'"],
              scriptSrc: ["'self'"],
              styleSrc: ["'self'"],
              imgSrc: ["'self'", 'data:'],
              fontSrc: ["'self'"],
              connectSrc: ["'self'"],
              objectSrc: ["'none'"],
              baseUri: ["'self'"],
              // A checkout posted without JavaScript is redirected to NETOPIA's payment page (issue 12).
              formAction: [
                "'self'",
                ...(config.payments.mode === 'netopia'
                  ? [new URL(config.payments.baseUrl).origin, 'https://*.netopia-payments.com']
                  : []),
              ],
              frameAncestors: ["'none'"],
              upgradeInsecureRequests: null,
            },
          },
      crossOriginEmbedderPolicy: false,
    },
  });
  registerOriginCheck(app, config.publicUrl, development);
  // Anything outside the API and the pages (covers, sitemap, health) answers failures in the API's shape,
  // without Fastify's internal error codes.
  app.setErrorHandler(sendApiError);
  // Reached only by methods no route knows (PURGE, LINK…): the pages and `/api` take every other one.
  app.setNotFoundHandler(async (req, reply) => {
    const status = PAGE_METHODS.has(req.method) ? 404 : 405;
    if (sendErrorPage && !isApi(req.url)) return sendErrorPage(req, reply, status);
    return reply
      .status(status)
      .send(apiErrorBody(new AppError(status === 404 ? 'NOT_FOUND' : 'METHOD_NOT_ALLOWED'), req));
  });
  await app.register(cookie);
  registerSessions(app, services.accounts, services.staff, https);
  const authLimits = await createAuthLimits(app, config.redisUrl);
  app.addHook('onClose', () => authLimits.close());
  registerBodyCompression(app);
  await app.register(compress, { threshold: COMPRESS_THRESHOLD_BYTES });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Librăria Creștină Maranatha API', version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: openapiTransform,
  });

  // Abandoned guest carts go after 90 days (issue 10); unpaid transfer and Revolut orders after 3 working
  // days (issue 11). The timers stop with the app.
  const stopJobs = options.scheduledJobs
    ? [
        services.cart.startCleanup(app.log),
        services.orders.startUnpaidCancellation(app.log),
        services.payments.startReconciliation(app.log),
      ]
    : [];
  app.addHook('onClose', async () => {
    for (const stop of stopJobs) stop();
  });

  // A warm-up that fails is logged, and the table is read when a list first asks for it.
  let catalogueWarm = !options.warmUpCatalogue;
  if (options.warmUpCatalogue) {
    app.addHook('onReady', async () => {
      void services.catalogue
        .warmUp()
        .catch((err: unknown) => app.log.warn({ err }, 'facet table not read at start'))
        .finally(() => {
          catalogueWarm = true;
        });
    });
  }

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await db.ping();
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
    if (!catalogueWarm) return reply.status(503).send({ status: 'reading the catalogue' });
    return { status: 'ready' };
  });

  await app.register(
    async (api) => {
      registerApiErrors(api);
      await api.register(aboutRoutes(services));
      await api.register(blogRoutes(services));
      await api.register(caseRoutes(services));
      await api.register(clientLogRoutes);
      await api.register(catalogueRoutes(services));
      await api.register(uploadRoutes(services));
      await api.register(authRoutes(services, authLimits));
      await api.register(sessionRoutes(services));
      await api.register(profileRoutes(services));
      await api.register(geographyRoutes(services));
      await api.register(shippingRoutes(services));
      await api.register(orderRoutes(services));
      await api.register(paymentRoutes(services));
      await api.register(adminRoutes(services));
      await api.register(addressRoutes(services));
      await api.register(cartRoutes(services, config.publicUrl));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  registerCovers(app, services);
  registerUploads(app, services);
  registerMedia(app, services);
  registerIllustrations(app);
  registerSeo(app, services, config.publicUrl);
  if (config.payments.mode === 'simulator' && config.payments.simulatorPrivateKeyPem) {
    registerNetopiaSimulator(app, {
      credentials: {
        apiKey: config.payments.apiKey,
        posSignature: config.payments.posSignature,
        privateKeyPem: config.payments.simulatorPrivateKeyPem,
        publicKeyPem: config.payments.publicKeyPem,
      },
      log: app.log,
      fetch: paymentFetch,
    });
  }

  const clientDir = options.web?.clientDir;
  if (clientDir && existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      // send's own Cache-Control (max-age=0) would overwrite the one set below.
      cacheControl: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'public, max-age=3600');
      },
    });
  }

  if (options.beforePages) await options.beforePages(app);
  if (options.web) {
    sendErrorPage = await registerSsr(app, {
      mode: options.web.mode,
      getBuild: options.web.getBuild,
      renderThreads: options.web.renderThreads ?? null,
      services,
      contact: config.contact,
      publicUrl: config.publicUrl,
      secureCookies: https,
      authLimits,
      loginNotice: config.loginNotice,
      cache: htmlCache,
      debugHeaders,
    });
  }
  return { app, services, config, htmlCache };
}
