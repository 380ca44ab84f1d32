import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { ServiceUnavailable } from '../../http/errors.ts';
import { sendJson } from '../../http/json-compression.ts';
import { requestLanguage } from '../../http/language.ts';
import {
  DomainListSchema,
  HostQuery,
  LanguageQuery,
  PermissionSchema,
  SystemStatusSchema,
  WhitelabelSchema,
} from './schemas.ts';
import type { SystemService } from './service.ts';

export const systemRoutes: FastifyPluginAsyncTypebox<{ system: SystemService }> = async (app, { system }) => {
  app.get(
    '/wps/system/status',
    {
      schema: {
        tags: ['system'],
        summary: 'System status: 0 normal, 1 maintenance, 2 region restricted',
        querystring: HostQuery,
        response: { 200: okSchema(SystemStatusSchema), ...errorResponses },
      },
    },
    async (request) => ok(await system.status(request.ip, requestLanguage(request))),
  );

  app.get(
    '/wps/system/permission',
    {
      schema: {
        tags: ['system'],
        summary: 'Start-up permission info: white-label tree, brand settings, flags, customer service, location',
        querystring: HostQuery,
        response: { 200: okSchema(PermissionSchema), ...errorResponses },
      },
    },
    // About 3.4 KB, and made for each visitor (address, country): compressed per request, not kept.
    async (request, reply) => sendJson(request, reply, await system.permission(request.ip, requestLanguage(request))),
  );

  app.get(
    '/wps/system/whitelabel',
    {
      schema: {
        tags: ['system'],
        summary: 'White-label menu tree',
        querystring: LanguageQuery,
        response: { 200: okSchema(WhitelabelSchema), ...errorResponses },
      },
    },
    async () => ok(await system.whitelabel()),
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: {
        tags: ['system'],
        summary: 'Domain list for devices 0 and 3',
        querystring: LanguageQuery,
        response: { 200: okSchema(DomainListSchema), ...errorResponses },
      },
    },
    async () => ok(await system.domainList()),
  );

  app.get('/healthz', { schema: { hide: true } }, async () => ({ success: true, code: 'OK' }));

  // Whatever closes the app (a signal in main.ts, a test) takes the node out of rotation first.
  app.addHook('preClose', async () => system.beginShutdown());

  app.get('/readyz', { schema: { hide: true } }, async (request) => {
    const { ready, failing } = await system.ready();
    if (!ready) {
      request.log.warn({ failing }, 'not ready');
      throw new ServiceUnavailable();
    }
    return { success: true, code: 'OK' };
  });
};
