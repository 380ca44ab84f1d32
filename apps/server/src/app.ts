import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/connection.ts';
import { createBootDataSource } from './http/boot-data.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { readWebBuild, registerWebApp } from './http/web-app.ts';
import { adminRoutes } from './modules/admin/routes.ts';
import { AdminService } from './modules/admin/service.ts';
import { createAuditRecorder } from './modules/audit/service.ts';
import { cmsAdminRoutes, cmsRoutes } from './modules/cms/routes.ts';
import { CmsService } from './modules/cms/service.ts';
import { RegionPolicy } from './modules/system/region.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { SystemService } from './modules/system/service.ts';
import { SettingsService } from './modules/system/settings-service.ts';
import { vendorRoutes } from './modules/vendors/routes.ts';
import { VendorService } from './modules/vendors/service.ts';

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  redis?: Redis;
  /** Prefix of this instance's keys in Redis; tests give each portal its own. */
  redisNamespace?: string;
}

export interface AppServices {
  settings: SettingsService;
  admins: AdminService;
  cms: CmsService;
  system: SystemService;
  vendors: VendorService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Builds the Fastify instance with every plugin and module; it does not listen. */
export async function buildApp({
  config,
  database,
  redis,
  redisNamespace = 'portal:',
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.LOG_LEVEL === 'silent'
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
          },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 64 * 1024,
    // Unknown fields are refused (schemas say additionalProperties: false), never silently dropped.
    ajv: { customOptions: { removeAdditional: false, coerceTypes: true, allErrors: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const web = readWebBuild(config.WEB_DIST);
  registerErrorHandler(app);

  await app.register(fastifyCookie);
  registerSecurityHeaders(app, web?.inlineScriptHashes ?? []);
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${redisNamespace}rl:` } : {}),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Portal API',
        version: '0.1.0',
        description: 'Player (/wps, /lgw), operator (/admin/api) and vendor (/vendor) APIs.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs', staticCSP: true });

  const { db } = database;
  const audit = createAuditRecorder(db);
  const settings = new SettingsService(db, config.SETTINGS_CACHE_MS);
  const region = await RegionPolicy.create(config.GEOIP_DB);
  const services: AppServices = {
    settings,
    admins: new AdminService(db, audit),
    cms: new CmsService(db, config.CONTENT_CACHE_MS, audit),
    system: new SystemService(db, settings, region),
    vendors: new VendorService(db, settings, config.CONTENT_CACHE_MS),
  };
  app.decorate('services', services);

  await app.register(systemRoutes, { system: services.system });
  await app.register(cmsRoutes, { cms: services.cms, cacheMs: config.CONTENT_CACHE_MS });
  await app.register(vendorRoutes, { vendors: services.vendors });
  await app.register(adminRoutes, { admins: services.admins, settings, audit });
  await app.register(cmsAdminRoutes, { cms: services.cms, admins: services.admins });
  await registerWebApp(app, web, createBootDataSource(services.system, services.cms, services.vendors));

  return app;
}
