import { CONTRACT_PATHS } from '@portal/shared/contracts';
import { describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, countMembers, createByOperator, EN, login, nextIp, nextName } from '../../test/members.ts';
import * as repository from './repository.ts';

const test = useTestPortal();

const PATH = CONTRACT_PATHS.dailyWage;
const TOP_TERMS = {
  type: 'dailyWage',
  tiers: [
    { minBet: '0.00', rate: '0.50' },
    { minBet: '50000.00', rate: '0.80' },
  ],
};

/** An agent opened by the operator (under `upline` if given), signed in at the agent portal. */
async function agent(upline?: string) {
  const created = await createByOperator(test, {
    account: nextName('ca'),
    type: 1,
    password: 'Agent1234',
    ...(upline ? { upline } : {}),
  });
  const session = await login(test.portal.app, created.account, 'Agent1234', { ip: nextIp(), portal: 'agent' });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return { account: created.account, headers: { ...EN, ...bearer(session.body.value.token) } };
}

const act = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  call(test.portal.app, { method: 'POST', url: PATH, headers, payload });

/** The platform offers a top agent the daily wage of TOP_TERMS. */
const platformOffers = (account: string) =>
  call(test.portal.app, {
    method: 'POST',
    url: '/admin/api/contracts',
    headers: { ...test.admin, ...EN },
    payload: { account, terms: TOP_TERMS },
  });

// Every change of a contract answers with the contract as the API shows it (accounts named). That view used to be
// read inside the change's transaction through the members module's own connection, which on PGlite (one connection)
// waited for ever: these calls then never answered.
describe('a contract’s life through the API', () => {
  it('answers each change with the contract as it now stands, the platform and an upline offering', async () => {
    const top = await agent();
    const sub = await agent(top.account);

    const platformOffer = await platformOffers(top.account);
    expect(platformOffer.status, JSON.stringify(platformOffer.body)).toBe(200);
    expect(platformOffer.body.value).toMatchObject({ holder: top.account, offerer: null, state: 'offered' });

    const accepted = await act(top.headers, { action: 'accept', contractId: platformOffer.body.value.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.value).toMatchObject({ state: 'active', holder: top.account });
    expect(accepted.body.value.events.map((e: { state: string; by: string | null }) => [e.state, e.by])).toEqual([
      ['offered', null],
      ['active', top.account],
    ]);

    const terms = { type: 'dailyWage', tiers: [{ minBet: '0.00', rate: '0.40' }] };
    const offered = await act(top.headers, { action: 'offer', account: sub.account, terms });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.value).toMatchObject({ holder: sub.account, offerer: top.account, state: 'offered' });

    const rejected = await act(sub.headers, { action: 'reject', contractId: offered.body.value.id });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.value).toMatchObject({ state: 'rejected', endReason: 'rejected' });

    const again = await act(top.headers, { action: 'offer', account: sub.account, terms });
    expect((await act(sub.headers, { action: 'accept', contractId: again.body.value.id })).status).toBe(200);
    const ended = await act(top.headers, { action: 'terminate', contractId: again.body.value.id });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.value).toMatchObject({ state: 'terminated', endReason: 'terminated', holder: sub.account });
    expect(ended.body.value.events.at(-1)).toMatchObject({ state: 'terminated', by: top.account });
  });
});

// A paid statement is stored as a claim on its window, then marked paid with the wallet entry in the same
// transaction. It used to be inserted with its amount and no entry yet, which the table's CHECK (an entry exactly when
// something was paid) refused: no salary or dividend above zero could be stored or paid.
describe('storing a settled window', () => {
  it('stores a paid statement with its wallet entry, and a second claim on the window finds it taken', async () => {
    const top = await agent();
    const offered = await call(test.portal.app, {
      method: 'POST',
      url: '/admin/api/contracts',
      headers: { ...test.admin, ...EN },
      payload: { account: top.account, terms: TOP_TERMS },
    });
    const contract = await repository.findContract(test.portal.database.db, offered.body.value.id);
    const window = {
      key: 'test:window',
      start: new Date('2026-11-26T18:00:00Z'),
      end: new Date('2026-11-27T18:00:00Z'),
    };
    const claim = { contractId: contract!.id, holderId: contract!.holder_id, type: 'dailyWage' as const, window };
    const stored = await test.portal.database.db.transaction().execute(async (trx) => {
      const id = await repository.insertSettlement(trx, { ...claim, lines: '[]', carriedLoss: 0n, pending: 0n });
      expect(id).not.toBeNull();
      await repository.setSettlementPaid(trx, id!, 5830n, '424242');
      return id!;
    });
    const row = await repository.settlement(test.portal.database.db, stored);
    expect([String(row?.paid_minor), String(row?.entry_id)]).toEqual(['5830', '424242']);
    const again = await repository.insertSettlement(test.portal.database.db, {
      ...claim,
      lines: '[]',
      carriedLoss: 0n,
      pending: 0n,
    });
    expect(again).toBeNull();
  });
});

// The register centre opens a downline agent with a contract offered at once (issue 29: "with a rate not above the
// agent's own"): the account and the offer are written together, or neither.
describe('opening a downline agent with a contract', () => {
  const open = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    call(test.portal.app, { method: 'POST', url: '/wps/agent/downlines', headers, payload });
  const holding = async () => {
    const top = await agent();
    const platformOffer = await platformOffers(top.account);
    await act(top.headers, { action: 'accept', contractId: platformOffer.body.value.id });
    return top;
  };

  it('offers the new agent the contract in the same step, and the new agent accepts it', async () => {
    const top = await holding();
    const account = nextName('nw');
    const terms = { type: 'dailyWage', tiers: [{ minBet: '0.00', rate: '0.30' }] };
    const opened = await open(top.headers, {
      account,
      password: 'Agent5678',
      type: 1,
      contract: { type: 'dailyWage', terms },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(201);

    const session = await login(test.portal.app, account, 'Agent5678', { ip: nextIp(), portal: 'agent' });
    const headers = { ...EN, ...bearer(session.body.value.token) };
    const mine = await call(test.portal.app, { method: 'GET', url: PATH, headers });
    expect(mine.body.value.own).toEqual([
      expect.objectContaining({ state: 'offered', offerer: top.account, holder: account, terms }),
    ]);
    const accepted = await act(headers, { action: 'accept', contractId: mine.body.value.own[0].id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body.value.state).toBe('active');
  });

  it('refuses a rate above its own, a contract it does not hold, or one for a player, opening no account', async () => {
    const top = await holding();
    const bare = await agent();
    const above = { type: 'dailyWage', tiers: [{ minBet: '0.00', rate: '0.60' }] };
    const within = { type: 'dailyWage', tiers: [{ minBet: '0.00', rate: '0.30' }] };
    for (const [who, type, contract, status, code] of [
      [top, 1, { type: 'dailyWage', terms: above }, 400, undefined],
      [bare, 1, { type: 'dailyWage', terms: within }, 409, 'CONTRACT_NONE_HELD'],
      [top, 0, { type: 'dailyWage', terms: within }, 400, 'CONTRACT_HOLDER_NOT_AGENT'],
      [top, 1, { type: 'hourlySalary', terms: within }, 400, undefined],
    ] as const) {
      const before = await countMembers(test);
      const refused = await open(who.headers, { account: nextName('no'), password: 'Agent5678', type, contract });
      expect(refused.status, JSON.stringify(refused.body)).toBe(status);
      if (code) expect(refused.body.code).toBe(code);
      expect(await countMembers(test)).toBe(before);
    }
  });
});
