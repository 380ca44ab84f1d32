import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FEATURE_FLAGS } from '@portal/shared/constants';
import { errorMessage } from '@portal/shared/error-catalogue';
import Type from 'typebox';
import { Value } from 'typebox/value';
import { ADMIN_COOKIE, actorOf, bearerOrCookie, operatorOf, requireAdmin } from '../../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { InvalidInput } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { isValidCidr } from '../system/region.ts';
import type { SystemService } from '../system/service.ts';
import { SETTING_KEYS, SETTING_SCHEMAS, type SettingKey } from '../system/settings-schema.ts';
import type { SettingsService } from '../system/settings-service.ts';
import { type AdminService, OPERATOR_PASSWORD_MIN } from './service.ts';

const LoginBody = Type.Object(
  {
    username: Type.String({ minLength: 1, maxLength: 64 }),
    password: Type.String({ minLength: 1, maxLength: 256 }),
    /** The authenticator app's code, for an operator who enrolled one. */
    code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
  },
  { additionalProperties: false },
);

const PasswordBody = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: 256 }),
    newPassword: Type.String({ minLength: OPERATOR_PASSWORD_MIN, maxLength: 256, pattern: '\\S' }),
    /** The authenticator app's code, for an operator who enrolled one. */
    code: Type.Optional(Type.String({ pattern: '^[0-9]{6}$' })),
  },
  { additionalProperties: false },
);

const FlagsBody = Type.Object(Object.fromEntries(FEATURE_FLAGS.map((f) => [f, Type.Optional(Type.Boolean())])), {
  additionalProperties: false,
  minProperties: 1,
});

const TotpSetupSchema = Type.Object({ secret: Type.String(), otpauthUrl: Type.String(), qrCode: Type.String() });

const SettingParams = Type.Object({ key: Type.Enum(SETTING_KEYS) }, { additionalProperties: false });

export const adminRoutes: FastifyPluginAsyncTypebox<{
  admins: AdminService;
  settings: SettingsService;
  system: SystemService;
}> = async (app, { admins, settings, system }) => {
  app.post(
    '/admin/api/session',
    {
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Operator login',
        body: LoginBody,
        response: { 200: okSchema(Type.Object({ token: Type.String(), username: Type.String() })), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { username, password, code } = request.body;
      const { token, admin } = await admins.login(username, password, request.ip, code);
      reply.setCookie(ADMIN_COOKIE, token, {
        path: '/admin',
        httpOnly: true,
        sameSite: 'strict',
      });
      return ok({ token, username: admin.username });
    },
  );

  app.register(async (scope) => {
    const guarded = scope.withTypeProvider<TypeBoxTypeProvider>();
    guarded.addHook('onRequest', requireAdmin(admins));

    guarded.delete(
      '/admin/api/session',
      {
        schema: {
          tags: ['admin'],
          summary: 'Operator logout',
          response: { 200: okSchema(Type.Null()), ...errorResponses },
        },
      },
      async (request, reply) => {
        const token = bearerOrCookie(request, ADMIN_COOKIE);
        if (token) await admins.logout(token, actorOf(request));
        reply.clearCookie(ADMIN_COOKIE, { path: '/admin' });
        return ok(null);
      },
    );

    guarded.put(
      '/admin/api/password',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags: ['admin'],
          summary: "Changes the signed-in operator's password; the operator's other sessions end",
          body: PasswordBody,
          response: { 200: okSchema(Type.Object({ endedSessions: Type.Integer() })), ...errorResponses },
        },
      },
      async (request) => {
        const token = bearerOrCookie(request, ADMIN_COOKIE) ?? '';
        return ok(await admins.changePassword(operatorOf(request), token, request.body, request.ip));
      },
    );

    guarded.get('/admin/api/settings/:key', { schema: { tags: ['admin'], params: SettingParams } }, async (request) =>
      ok((await settings.snapshot()).get(request.params.key)),
    );

    guarded.put(
      '/admin/api/settings/:key',
      {
        schema: {
          tags: ['admin'],
          summary: 'Replace one brand setting (brand, maintenance, regionBlock, customerService, …)',
          params: SettingParams,
          body: Type.Unknown(),
        },
        // The body's schema depends on the key, so it is checked in the handler against that key's schema.
        bodyLimit: 256 * 1024,
      },
      async (request) => {
        const key: SettingKey = request.params.key;
        const value = checkSetting(key, request.body);
        await settings.update(key, value as never, actorOf(request));
        const saved = ok((await settings.snapshot()).get(key));
        // Saved all the same (the database may come with the next deploy), but the operator is told at once.
        const unenforced = key === 'regionBlock' ? await system.unenforcedCountries() : [];
        if (unenforced.length === 0) return saved;
        request.log.warn({ countries: unenforced }, 'blocked countries saved without GEOIP_DB: not enforced');
        return { ...saved, message: errorMessage('COUNTRY_BLOCK_INACTIVE', requestLanguage(request)) };
      },
    );

    guarded.post(
      '/admin/api/totp/setup',
      {
        schema: {
          tags: ['admin'],
          summary: 'A new authenticator-app secret for the signed-in operator (asked at sign-in once confirmed)',
          response: { 200: okSchema(TotpSetupSchema), ...errorResponses },
        },
      },
      async (request) => ok(await admins.totpSetup(operatorOf(request))),
    );

    guarded.post(
      '/admin/api/totp/:state',
      {
        schema: {
          tags: ['admin'],
          summary: 'Turns the authenticator app on (a code from the new secret) or off (a current code)',
          params: Type.Object({ state: Type.Enum(['enable', 'disable']) }, { additionalProperties: false }),
          body: Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$' }) }, { additionalProperties: false }),
          response: { 200: okSchema(Type.Object({ enabled: Type.Boolean() })), ...errorResponses },
        },
      },
      async (request) => {
        const enabled = request.params.state === 'enable';
        await admins.totpSwitch(operatorOf(request), enabled, request.body.code, request.ip);
        return ok({ enabled });
      },
    );

    guarded.get('/admin/api/flags', { schema: { tags: ['admin'] } }, async () => ok((await settings.snapshot()).flags));

    guarded.put(
      '/admin/api/flags',
      { schema: { tags: ['admin'], summary: 'Switch feature flags', body: FlagsBody } },
      async (request) => {
        await settings.updateFlags(request.body as Record<string, boolean>, actorOf(request));
        return ok((await settings.snapshot()).flags);
      },
    );
  });
};

function checkSetting(key: SettingKey, body: unknown): unknown {
  const schema = SETTING_SCHEMAS[key];
  if (!Value.Check(schema, body)) {
    const first = [...Value.Errors(schema, body)][0];
    throw new InvalidInput(`${first?.instancePath || '/'} ${first?.message ?? 'is not valid'}`);
  }
  if (key === 'regionBlock') {
    const bad = (body as { ipRanges: string[] }).ipRanges.find((r) => !isValidCidr(r));
    if (bad) throw new InvalidInput(`/ipRanges ${bad} is not a CIDR range`);
  }
  return body;
}
