import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { errorResponses, ok, okSchema } from '../../http/envelope.ts';
import {
  ANSWER_SCHEMAS,
  type AnswerOf,
  BODY_LIMIT_BYTES,
  type Operation,
  parseRequest,
  type RequestOf,
  SIGNATURE_HEADER,
} from './protocol.ts';
import { type SeamlessService, SignatureRefused, type VendorIntegration } from './service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The seamless wallet, for the launch service and tests (decorated where the app is built). */
    seamless: SeamlessService;
  }
}

const SUMMARIES: Record<Operation, string> = {
  authenticate: "A launch token's player, currency and balance",
  balance: "A player's balance",
  bet: 'Debit a stake (needs a live launch session)',
  win: 'Credit a win; a zero win closes a lost round',
  rollback: 'Refund a bet; remembered when the bet has not arrived, which is then refused',
};

/**
 * The API game vendors call: POST /vendor/:code/<operation>, each body signed with the vendor's secret
 * (docs/seamless-api.md). The body is taken as raw bytes (at most 16 KB, else 413): the signature covers exactly
 * what was sent, so it is checked before the JSON is even parsed. The content type parsers are this plugin's own.
 */
export const seamlessRoutes: FastifyPluginAsync<{ seamless: SeamlessService }> = async (app, { seamless }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  const handlers: { [K in Operation]: (vendor: VendorIntegration, input: RequestOf[K]) => Promise<AnswerOf[K]> } = {
    authenticate: (vendor, input) => seamless.authenticate(vendor, input),
    balance: (vendor, input) => seamless.balance(vendor, input),
    bet: (vendor, input) => seamless.bet(vendor, input),
    win: (vendor, input) => seamless.win(vendor, input),
    rollback: (vendor, input) => seamless.rollback(vendor, input),
  };

  function route<K extends Operation>(operation: K) {
    app.post<{ Params: { code: string }; Body: Buffer }>(
      `/vendor/:code/${operation}`,
      {
        schema: {
          tags: ['vendor'],
          summary: SUMMARIES[operation],
          params: Type.Object({ code: Type.String({ minLength: 1, maxLength: 32 }) }),
          response: { 200: okSchema(ANSWER_SCHEMAS[operation]), ...errorResponses },
        },
      },
      async (request) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const vendor = await verified(request, seamless, body);
        return ok(await handlers[operation](vendor, parseRequest(operation, body)));
      },
    );
  }
  for (const operation of ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const) route(operation);
};

/** The request's vendor once its signature holds; a refused signature is logged (never the body or the header). */
async function verified(
  request: FastifyRequest<{ Params: { code: string } }>,
  seamless: SeamlessService,
  body: Buffer,
): Promise<VendorIntegration> {
  try {
    return await seamless.verifiedVendor(request.params.code, body, request.headers[SIGNATURE_HEADER]);
  } catch (error) {
    if (error instanceof SignatureRefused) {
      request.log.warn({ vendor: request.params.code, reason: error.reason }, 'vendor call with a bad signature');
    }
    throw error;
  }
}
