import { existsSync } from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ServerBuild } from 'react-router';
import { createServices, type Services } from '../core/services';
import type { DbHandle } from '../db/client';
import { aboutRoutes } from './api/about/routes';
import { blogRoutes } from './api/blog/routes';
import { caseRoutes } from './api/cases/routes';
import { clientLogRoutes } from './api/client-log/routes';
import { registerApiErrors } from './api/errors';
import { openapiTransform } from './api/openapi';
import type { Config } from './config';
import { registerCovers } from './covers';
import { registerIllustrations } from './illustrations';
import { registerMailRelay } from './mail-relay';
import { serviceOptions } from './service-options';
import { catalogueRoutes } from './api/catalogue/routes';
import { registerSeo } from './seo';
import { registerSsr } from './ssr';

export interface WebOptions {
  mode: 'production' | 'development';
  getBuild: () => Promise<ServerBuild>;
  /** Built browser assets (build/client); absent in development, where Vite serves them. */
  clientDir?: string;
}

export interface AppOptions {
  config: Config;
  db: DbHandle;
  /** Server-rendered pages; integration tests of the API leave it out. */
  web?: WebOptions;
  /** Extra Fastify set-up run before the catch-all page route (Vite's middleware in development). */
  beforePages?: (app: FastifyInstance) => Promise<void>;
}

export interface ShopApp {
  app: FastifyInstance;
  services: Services;
}

const ONE_YEAR_S = 31_536_000;

export async function buildApp(options: AppOptions): Promise<ShopApp> {
  const { config, db } = options;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: true,
  });
  const services = createServices(db.db, serviceOptions(config, app.log));
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
  await app.register(helmet, {
    enableCSPNonces: !development,
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
            formAction: ["'self'"],
            frameAncestors: ["'none'"],
            upgradeInsecureRequests: null,
          },
        },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(compress, { threshold: 1024 });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Librăria Creștină Maranatha API', version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: openapiTransform,
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_req, reply) => {
    try {
      await db.ping();
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unreachable' });
    }
  });

  await app.register(
    async (api) => {
      registerApiErrors(api);
      await api.register(aboutRoutes(services));
      await api.register(blogRoutes(services));
      await api.register(caseRoutes(services));
      await api.register(clientLogRoutes);
      await api.register(catalogueRoutes(services));
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  registerCovers(app, services);
  registerIllustrations(app);
  registerSeo(app, services, config.publicUrl);

  const clientDir = options.web?.clientDir;
  if (clientDir && existsSync(clientDir)) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', hashed ? `public, max-age=${ONE_YEAR_S}, immutable` : 'public, max-age=3600');
      },
    });
  }

  if (options.beforePages) await options.beforePages(app);
  if (options.web) {
    await registerSsr(app, {
      mode: options.web.mode,
      getBuild: options.web.getBuild,
      services,
      contact: config.contact,
      publicUrl: config.publicUrl,
    });
  }
  return { app, services };
}
