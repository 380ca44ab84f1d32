import type { FastifyPluginAsync } from 'fastify';
import Type from 'typebox';
import { AppError } from '../../http/errors.ts';
import type { DepositService } from './deposits.ts';
import { SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from './providers/sandbox.ts';

/**
 * Payment gateways call back here. The body is kept as the raw text the gateway signed: parsing and re-serialising
 * JSON would change the bytes and break the signature check.
 */
export const paymentCallbackRoutes: FastifyPluginAsync<{ deposits: DepositService }> = async (app, { deposits }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post<{ Params: { provider: string }; Body: string }>(
    '/wps/payments/callback/:provider',
    {
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        tags: ['payments'],
        summary: "A payment gateway's signed notification",
        params: Type.Object({ provider: Type.String({ pattern: '^[a-z0-9_-]{2,40}$' }) }),
      },
    },
    async (request, reply) => {
      const result = await deposits.handleCallback(
        request.params.provider,
        typeof request.body === 'string' ? request.body : '',
        request.headers,
        request.ip,
      );
      if (result.outcome === 'forged' || result.outcome === 'stale') {
        request.log.warn({ provider: request.params.provider, outcome: result.outcome }, 'payment callback refused');
      }
      return reply.status(result.status).send({ success: result.status === 200, code: result.outcome.toUpperCase() });
    },
  );
};

/**
 * The sandbox gateway's own side: its payment page's buttons call this, and it then calls our webhook exactly as
 * a real gateway would, over HTTP with a signed body. Only mounted when the sandbox is enabled.
 */
export const sandboxGatewayRoutes: FastifyPluginAsync<{ sandbox: SandboxProvider; deposits: DepositService }> = async (
  app,
  { sandbox, deposits },
) => {
  app.post<{ Params: { providerRef: string }; Body: { outcome: 'paid' | 'failed' } }>(
    '/sandbox/payments/:providerRef/complete',
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags: ['payments'],
        summary: 'Sandbox gateway: the payer pays (or fails); the gateway then calls the webhook',
        params: Type.Object({ providerRef: Type.String({ pattern: '^SBX[0-9A-F]{18}$' }) }),
        body: Type.Object(
          { outcome: Type.Union([Type.Literal('paid'), Type.Literal('failed')]) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const payment = await deposits.sandboxPayment(request.params.providerRef);
      if (!payment) throw new AppError(404, 'NOT_FOUND');
      const { body, signature } = sandbox.callback({
        providerRef: request.params.providerRef,
        status: request.body.outcome,
        amountMinor: payment.amountMinor,
        currency: payment.currency,
      });
      const delivered = await app.inject({
        method: 'POST',
        url: `/wps/payments/callback/${sandbox.name}`,
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
        payload: body,
        remoteAddress: '127.0.0.1',
      });
      return { success: delivered.statusCode === 200, code: 'OK', value: { callbackStatus: delivered.statusCode } };
    },
  );
};
