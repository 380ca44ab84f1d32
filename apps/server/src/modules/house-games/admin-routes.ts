import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AMOUNT_INPUT_PATTERN, toMinor } from '@portal/shared/money';
import Type from 'typebox';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import { AppError, InvalidInput } from '../../http/errors.ts';
import { actorOf, requireAdmin } from '../admin/guard.ts';
import type { AdminService } from '../admin/service.ts';
import type { AuditRecorder } from '../audit/service.ts';
import { JACKPOT_CODE } from './install.ts';
import type { Jackpot } from './jackpot.ts';

const JackpotSchema = Type.Object({
  code: Type.String(),
  currency: Type.String(),
  amount: Type.String(),
  shareBp: Type.Integer(),
  seed: Type.String(),
  wins: Type.Integer(),
});

/** The operator reads the progressive jackpot and sets its rules (the pool's money moves only by play). */
export const houseAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: AdminService;
  audit: AuditRecorder;
  jackpot: Jackpot;
}> = async (app, { admins, audit, jackpot }) => {
  app.addHook('onRequest', requireAdmin(admins));
  const tags = ['admin'];

  app.get(
    '/admin/api/jackpots',
    {
      schema: {
        tags,
        summary: 'The progressive jackpots: the pool now, the share of stakes that feeds it, its seed, its wins',
        response: { 200: okSchema(Type.Array(JackpotSchema)), ...errorResponses },
      },
    },
    async () => ok([await jackpot.describe()]),
  );

  app.patch(
    '/admin/api/jackpots/:code',
    {
      schema: {
        tags,
        summary:
          'Sets the share of each real-money slot stake that feeds the pool (basis points, 0–1000) and the seed the ' +
          'house puts back after a win; the pool itself is unchanged',
        params: Type.Object({ code: Type.String({ maxLength: 32 }) }),
        body: Type.Object(
          {
            shareBp: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
            seed: Type.Optional(Type.String({ maxLength: 20 })),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(JackpotSchema), ...errorResponses },
      },
    },
    async (request) => {
      if (request.params.code !== JACKPOT_CODE) throw new AppError(404, 'NOT_FOUND');
      const { shareBp, seed } = request.body;
      if (seed !== undefined && !AMOUNT_INPUT_PATTERN.test(seed)) throw new InvalidInput('seed');
      await jackpot.configure({ shareBp, seedMinor: seed === undefined ? undefined : toMinor(seed) });
      const actor = actorOf(request);
      await audit({
        actor: actor.name,
        action: 'jackpot.rules.saved',
        detail: { code: JACKPOT_CODE, shareBp, seed },
        ip: actor.ip,
      });
      return ok(await jackpot.describe());
    },
  );
};
