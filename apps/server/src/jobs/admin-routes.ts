import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type, { type TSchema } from 'typebox';
import type { AuditRecorder } from '../common/audit.ts';
import { actorOf, type OperatorAuthenticator, requireAdmin } from '../common/request-identity.ts';
import { errorResponses, ok, okSchema } from '../http/envelope.ts';
import type { DeadLetters } from './dead-letters.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const DeadLetterSchema = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  key: Nullable(Type.String()),
  payload: Type.Unknown(),
  windowStart: Nullable(Type.String()),
  windowEnd: Nullable(Type.String()),
  lastError: Type.String(),
  attempts: Type.Integer(),
  failedAt: Type.String(),
  retriedAt: Nullable(Type.String()),
  retriedBy: Nullable(Type.String()),
  retryJobId: Nullable(Type.String()),
});

const DeadLetterPage = Type.Object({
  list: Type.Array(DeadLetterSchema),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
});

/** The dead-letter list of the background jobs, for operators: what failed every attempt, and a retry for each. */
export const jobAdminRoutes: FastifyPluginAsyncTypebox<{
  admins: OperatorAuthenticator;
  audit: AuditRecorder;
  deadLetters: DeadLetters;
}> = async (app, { admins, audit, deadLetters }) => {
  app.addHook('onRequest', requireAdmin(admins));
  const tags = ['admin'];

  app.get(
    '/admin/api/jobs/dead',
    {
      schema: {
        tags,
        summary: 'Jobs that failed every attempt, newest first (retried ones with status=retried)',
        querystring: Type.Object(
          {
            status: Type.Union([Type.Literal('open'), Type.Literal('retried')], { default: 'open' }),
            pageNo: Type.Integer({ minimum: 1, maximum: 10_000, default: 1 }),
            pageSize: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: okSchema(DeadLetterPage), ...errorResponses },
      },
    },
    async (request) => {
      const { status, pageNo, pageSize } = request.query;
      return ok(await deadLetters.list({ retried: status === 'retried', pageNo, pageSize }));
    },
  );

  app.post(
    '/admin/api/jobs/dead/:id/retry',
    {
      schema: {
        tags,
        summary: 'Sends a dead job again with a fresh set of attempts (once per dead-letter entry)',
        params: Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) }, { additionalProperties: false }),
        response: { 200: okSchema(DeadLetterSchema), ...errorResponses },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const letter = await deadLetters.retry(request.params.id, actor.name, (trx, retried) =>
        audit.record(trx, {
          actor: actor.name,
          action: 'job.retried',
          detail: { id: retried.id, kind: retried.kind, key: retried.key, jobId: retried.retryJobId },
          ip: actor.ip,
        }),
      );
      return ok(letter);
    },
  );
};
