import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AnnouncementType } from '@portal/shared/constants';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import { actorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { ResponseCache } from '../../http/response-cache.ts';
import { LanguageQuery } from '../system/schemas.ts';
import {
  AnnouncementsQuery,
  AnnouncementsSchema,
  BannerInput,
  BannerPatch,
  HELP_SECTION_BODY_LIMIT,
  HelpCentreSchema,
  HelpKeyParams,
  HelpSectionInput,
  IdParams,
  NOTICE_BODY_LIMIT,
  NoticeInput,
  NoticePatch,
  OrderBody,
} from './schemas.ts';
import type { CmsService } from './service.ts';

export const cmsRoutes: FastifyPluginAsyncTypebox<{ cms: CmsService; cacheMs: number }> = async (
  app,
  { cms, cacheMs },
) => {
  const responses = new ResponseCache(cacheMs);

  app.get(
    '/wps/relay/MCSFE_getListAnnouncements',
    {
      schema: {
        tags: ['content'],
        summary: 'Banners (B), player notices (PL), popup (PU), promotion (PR) and home marquee (H)',
        querystring: AnnouncementsQuery,
        response: { 200: okSchema(AnnouncementsSchema), ...errorResponses },
      },
    },
    // Not async: an answer at hand is sent without a promise (see ResponseCache.send).
    (request, reply) => {
      const language = requestLanguage(request);
      const types = request.query.types?.split(',') as AnnouncementType[] | undefined;
      const key = `announcements:${cms.version}:${language}:${types?.join(',') ?? '*'}`;
      return responses.send(request, reply, key, () => cms.announcements(language, types));
    },
  );

  app.get(
    '/wps/system/helpCenter',
    {
      schema: {
        tags: ['content'],
        summary: 'Help centre sections (terms, privacy, responsible gaming, FAQ, …)',
        querystring: LanguageQuery,
        response: { 200: okSchema(HelpCentreSchema), ...errorResponses },
      },
    },
    // Up to 50,000 characters per section and language: kept compressed like the announcements.
    (request, reply) => {
      const language = requestLanguage(request);
      return responses.send(request, reply, `help:${cms.version}:${language}`, () => cms.helpCentre(language));
    },
  );
};

const CONTENT = [
  { path: 'banners', table: 'banners', input: BannerInput, patch: BannerPatch },
  { path: 'notices', table: 'notices', input: NoticeInput, patch: NoticePatch },
] as const;

export const cmsAdminRoutes: FastifyPluginAsyncTypebox<{ cms: CmsService; admins: OperatorAuthenticator }> = async (
  app,
  { cms, admins },
) => {
  app.addHook('onRequest', requireAdmin(admins));

  for (const { path, table } of CONTENT) {
    app.get(`/admin/api/${path}`, { schema: { tags: ['admin'] } }, async () =>
      ok(table === 'banners' ? await cms.listBanners() : await cms.listNotices()),
    );
    app.delete(`/admin/api/${path}/:id`, { schema: { tags: ['admin'], params: IdParams } }, async (request) => {
      await cms.delete(table, request.params.id, actorOf(request));
      return ok(null);
    });
    app.put(
      `/admin/api/${path}/order`,
      { schema: { tags: ['admin'], summary: `Order ${path}: ids in the wanted order`, body: OrderBody } },
      async (request) => ok({ updated: await cms.reorder(table, request.body.ids, actorOf(request)) }),
    );
  }

  app.post('/admin/api/banners', { schema: { tags: ['admin'], body: BannerInput } }, async (request, reply) =>
    reply.status(201).send(ok(await cms.createBanner(request.body, actorOf(request)))),
  );
  app.patch(
    '/admin/api/banners/:id',
    { schema: { tags: ['admin'], params: IdParams, body: BannerPatch } },
    async (request) => ok(await cms.updateBanner(request.params.id, request.body, actorOf(request))),
  );
  app.post(
    '/admin/api/notices',
    { schema: { tags: ['admin'], body: NoticeInput }, bodyLimit: NOTICE_BODY_LIMIT },
    async (request, reply) => reply.status(201).send(ok(await cms.createNotice(request.body, actorOf(request)))),
  );
  app.patch(
    '/admin/api/notices/:id',
    { schema: { tags: ['admin'], params: IdParams, body: NoticePatch }, bodyLimit: NOTICE_BODY_LIMIT },
    async (request) => ok(await cms.updateNotice(request.params.id, request.body, actorOf(request))),
  );
  app.put(
    '/admin/api/help/:key',
    { schema: { tags: ['admin'], params: HelpKeyParams, body: HelpSectionInput }, bodyLimit: HELP_SECTION_BODY_LIMIT },
    async (request) => {
      await cms.upsertHelpSection(request.params.key, request.body, actorOf(request));
      return ok(null);
    },
  );
};
