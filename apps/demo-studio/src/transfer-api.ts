// The transfer API the studio serves the portal for its vendors in transfer mode (docs/transfer-api.md):
// `POST /transfer/<CODE>/<deposit|withdraw|balance>`, signed by the portal with the vendor's secret.
import { isDecimalAmount } from '@portal/shared/money';
import { BODY_LIMIT_BYTES, TRANSFER_OPERATIONS, verifySignature } from '@portal/shared/vendor-protocol';
import type { FastifyInstance } from 'fastify';
import type { TransferWallet } from './transfer-wallet.ts';

export interface TransferApiOptions {
  wallet: TransferWallet;
  /** The vendors in transfer mode the studio plays for. */
  codes: readonly string[];
  secretOf: (code: string) => string;
  /** The currency of each vendor's integration. */
  currency: string;
  now?: () => number;
}

const TX_ID = /^[A-Za-z0-9_.:-]{1,64}$/;
const PLAYER_ID = /^[A-Za-z0-9_.@-]{1,64}$/;

export function registerTransferApi(app: FastifyInstance, options: TransferApiOptions): void {
  app.register(async (scope) => {
    // The signature covers the exact bytes: the body is kept raw and parsed only once it is verified.
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES },
      (_r, body, done) => done(null, body),
    );
    scope.post<{ Params: { code: string; operation: string }; Body: Buffer }>(
      '/transfer/:code/:operation',
      async (request, reply) => {
        const { code, operation } = request.params;
        const refuse = (status: number, failure: string) => reply.code(status).send({ success: false, code: failure });
        if (!options.codes.includes(code) || !(TRANSFER_OPERATIONS as readonly string[]).includes(operation)) {
          return refuse(404, 'NOT_FOUND');
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const problem = verifySignature(
          options.secretOf(code),
          raw,
          request.headers['x-vendor-signature'],
          options.now?.() ?? Date.now(),
        );
        if (problem) return refuse(401, 'SIGNATURE_INVALID');
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          return refuse(400, 'VALIDATION');
        }
        const playerId = typeof body.playerId === 'string' && PLAYER_ID.test(body.playerId) ? body.playerId : null;
        if (!playerId) return refuse(400, 'VALIDATION');
        if (body.currency !== options.currency) return refuse(400, 'CURRENCY_MISMATCH');
        if (operation === 'balance') {
          return { success: true, code: 'OK', value: { playerId, balance: options.wallet.balance(code, playerId) } };
        }
        const { txId, amount } = body;
        if (typeof txId !== 'string' || !TX_ID.test(txId)) return refuse(400, 'VALIDATION');
        if (typeof amount !== 'string' || !isDecimalAmount(amount) || amount.startsWith('-') || Number(amount) <= 0) {
          return refuse(400, 'VALIDATION');
        }
        const answer = options.wallet.transfer(code, operation as 'deposit' | 'withdraw', { txId, playerId, amount });
        return reply.code(answer.status).send(answer.envelope);
      },
    );
  });
}
