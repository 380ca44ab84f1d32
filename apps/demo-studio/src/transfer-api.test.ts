import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signBody } from '@portal/shared/vendor-protocol';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerTransferApi } from './transfer-api.ts';
import { TransferWallet } from './transfer-wallet.ts';

const SECRETS: Record<string, string> = { SBO: 'sbo-secret-0123456789abcdef', SABA: 'saba-secret-0123456789abcdef' };

let dir: string;
let wallet: TransferWallet;
let app: FastifyInstance;

function build() {
  wallet = new TransferWallet(path.join(dir, 'wallets.jsonl'));
  app = Fastify();
  registerTransferApi(app, {
    wallet,
    codes: ['SBO', 'SABA'],
    secretOf: (code) => SECRETS[code] ?? '',
    currency: 'BDT',
  });
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-transfer-'));
  build();
});
afterEach(async () => {
  await app.close();
  wallet.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function send(code: string, operation: string, body: Record<string, unknown>, secret = SECRETS[code] ?? '') {
  const payload = JSON.stringify(body);
  const response = await app.inject({
    method: 'POST',
    url: `/transfer/${code}/${operation}`,
    headers: { 'content-type': 'application/json', 'x-vendor-signature': signBody(secret, payload) },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as { success: boolean; code: string; value?: Record<string, string> },
  };
}

const move = (operation: string, txId: string, amount: string, code = 'SBO') =>
  send(code, operation, { txId, playerId: 'demo', amount, currency: 'BDT' });
const balance = async (code = 'SBO') =>
  (await send(code, 'balance', { playerId: 'demo', currency: 'BDT' })).body.value?.balance;

describe('the studio’s transfer API', () => {
  it('refuses a request not signed with the vendor’s secret, and moves nothing', async () => {
    const forged = await send(
      'SBO',
      'deposit',
      { txId: 'T1', playerId: 'demo', amount: '10.00', currency: 'BDT' },
      SECRETS.SABA,
    );
    expect(forged).toEqual({ status: 401, body: { success: false, code: 'SIGNATURE_INVALID' } });
    const unsigned = await app.inject({
      method: 'POST',
      url: '/transfer/SBO/deposit',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ txId: 'T1', playerId: 'demo', amount: '10.00', currency: 'BDT' }),
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await balance()).toBe('0.00');
    // The first real call with that txId is applied: the refusals left no trace.
    expect((await move('deposit', 'T1', '10.00')).body.value).toEqual({ txId: 'T1', balance: '10.00' });
  });

  it('applies a deposit and a withdrawal once per txId, answering a repeat as the first time', async () => {
    const first = await move('deposit', 'T10', '100.00');
    expect(first).toEqual({
      status: 200,
      body: { success: true, code: 'OK', value: { txId: 'T10', balance: '100.00' } },
    });
    expect(await move('deposit', 'T10', '100.00')).toEqual(first);
    expect(await balance()).toBe('100.00');
    const out = await move('withdraw', 'T11', '30.00');
    expect(out.body.value).toEqual({ txId: 'T11', balance: '70.00' });
    expect(await move('withdraw', 'T11', '30.00')).toEqual(out);
    expect(await balance()).toBe('70.00');
    // Each vendor holds its own wallet.
    expect(await balance('SABA')).toBe('0.00');
    // Kept across a restart, with the answers given.
    await app.close();
    wallet.close();
    build();
    expect(await balance()).toBe('70.00');
    expect(await move('deposit', 'T10', '100.00')).toEqual(first);
    expect(await balance()).toBe('70.00');
  });

  it('refuses to withdraw more than the player holds, and keeps refusing that txId', async () => {
    await move('deposit', 'T20', '50.00');
    const refused = await move('withdraw', 'T21', '50.01');
    expect(refused).toEqual({
      status: 409,
      body: { success: false, code: 'INSUFFICIENT_FUNDS', value: { balance: '50.00' } },
    });
    await move('deposit', 'T22', '10.00');
    expect(await move('withdraw', 'T21', '50.01')).toEqual(refused);
    expect(await balance()).toBe('60.00');
  });

  it('answers bad input with a 4xx and writes nothing', async () => {
    expect((await move('deposit', 'T30', '-5.00')).status).toBe(400);
    expect((await move('deposit', 'T30', 'abc')).status).toBe(400);
    expect(
      (await send('SBO', 'deposit', { txId: 'T30', playerId: 'demo', amount: '5.00', currency: 'USD' })).status,
    ).toBe(400);
    expect((await move('deposit', 'T30', '5.00', 'PG')).status).toBe(404);
    expect((await send('SBO', 'bet', { txId: 'T30' })).status).toBe(404);
    expect(await balance()).toBe('0.00');
  });
});
