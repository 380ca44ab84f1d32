// The contracts through the API (offers, answers, endings, authorization) and their settlement: paid once through
// the wallet whatever the re-runs, the concurrent settlers and the crashes, and equal to a recomputation written here.
import { randomUUID } from 'node:crypto';
import { CONTRACT_PATHS, type ContractTerms, type ContractType } from '@portal/shared/contracts';
import { fromMinor, toMinor } from '@portal/shared/money';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, createByOperator, EN, login, nextIp, nextName, registered } from '../../test/members.ts';
import type { SettlementWindow } from './periods.ts';
import { ContractSettlement } from './settlement.ts';
import type { ContractSources } from './sources.ts';

const test = useTestPortal();

interface Agent {
  account: string;
  id: string;
  headers: Record<string, string>;
}

async function agent(upline?: string): Promise<Agent> {
  const created = await createByOperator(test, {
    account: nextName('ct'),
    type: 1,
    password: 'Agent1234',
    ...(upline ? { upline } : {}),
  });
  const session = await login(test.portal.app, created.account, 'Agent1234', { ip: nextIp(), portal: 'agent' });
  expect(session.status, JSON.stringify(session.body)).toBe(200);
  return { account: created.account, id: created.id, headers: bearer(session.body.value.token) };
}

const wage = (...tiers: [string, string][]): ContractTerms => ({
  type: 'dailyWage',
  tiers: tiers.map(([minBet, rate]) => ({ minBet, rate })),
});

function act(who: Agent, type: ContractType, payload: Record<string, unknown>) {
  return call(test.portal.app, {
    method: 'POST',
    url: CONTRACT_PATHS[type],
    headers: { ...EN, ...who.headers },
    payload,
  });
}

async function platformOffer(holder: Agent, terms: ContractTerms) {
  const offered = await call(test.portal.app, {
    method: 'POST',
    url: '/admin/api/contracts',
    headers: { ...EN, ...test.admin },
    payload: { account: holder.account, terms },
  });
  expect(offered.status, JSON.stringify(offered.body)).toBe(200);
  return offered.body.value as { id: string };
}

/** An offer answered by the holder; the accepted contract. */
async function contract(offerer: Agent | null, holder: Agent, terms: ContractTerms) {
  const offer = offerer
    ? (await act(offerer, terms.type, { action: 'offer', account: holder.account, terms })).body.value
    : await platformOffer(holder, terms);
  const accepted = await act(holder, terms.type, { action: 'accept', contractId: offer.id });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return accepted.body.value as { id: string; state: string };
}

async function overview(who: Agent, type: ContractType = 'dailyWage') {
  const answer = await call(test.portal.app, {
    method: 'GET',
    url: CONTRACT_PATHS[type],
    headers: { ...EN, ...who.headers },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.value;
}

/** Stakes (and wins) of a member at `at`, posted through the ledger as a game's round would be. */
async function play(memberId: string, at: Date, stake: string, win = '0.00') {
  const ledger = test.portal.app.services.wallet.ledger;
  const cash = await ledger.memberAccount(memberId, 'member_cash');
  const house = await ledger.systemAccount('house:test-contracts', 'house');
  const issuer = await ledger.systemAccount('adjustment:test-contracts', 'adjustment');
  const round = `bet:TEST:${randomUUID()}`;
  await ledger.transactionInPast(async ({ post, dateAs }) => {
    await dateAs(at);
    const amount = toMinor(stake);
    await post({
      type: 'adjustment',
      reference: `fund:${round}`,
      lines: [
        { accountId: cash, amountMinor: amount },
        { accountId: issuer, amountMinor: -amount },
      ],
    });
    await post({
      type: 'bet',
      reference: round,
      lines: [
        { accountId: cash, amountMinor: -amount },
        { accountId: house, amountMinor: amount },
      ],
    });
    if (toMinor(win) > 0n) {
      await post({
        type: 'win',
        reference: round,
        lines: [
          { accountId: cash, amountMinor: toMinor(win) },
          { accountId: house, amountMinor: -toMinor(win) },
        ],
      });
    }
  });
}

async function cashOf(memberId: string) {
  const ledger = test.portal.app.services.wallet.ledger;
  return ledger.balance(await ledger.memberAccount(memberId, 'member_cash'));
}

/** A window around now that every contract made in the test is in force at the end of. */
function windowNow(): SettlementWindow {
  const now = Date.now();
  return {
    key: `test:${randomUUID()}`,
    start: new Date(now - 3_600_000),
    end: new Date(now + 3_600_000),
    period: null,
  };
}

async function setContractSettings(values: Record<string, unknown>) {
  const current = await call(test.portal.app, {
    method: 'GET',
    url: '/admin/api/settings/agentContracts',
    headers: test.admin,
  });
  const saved = await call(test.portal.app, {
    method: 'PUT',
    url: '/admin/api/settings/agentContracts',
    headers: test.admin,
    payload: { ...current.body.value, ...values },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('contract lifecycle', () => {
  let top: Agent;
  let sub: Agent;
  let subSub: Agent;
  beforeAll(async () => {
    top = await agent();
    sub = await agent(top.account);
    subSub = await agent(sub.account);
  });

  it('lets an upline offer at most its own rate, the downline accept, and keeps every event', async () => {
    expect(
      (await act(top, 'dailyWage', { action: 'offer', account: sub.account, terms: wage(['0', '0.5']) })).body.code,
    ).toBe('CONTRACT_NONE_HELD');
    await contract(null, top, wage(['0.00', '0.50'], ['50000.00', '0.80']));
    const above = await act(top, 'dailyWage', { action: 'offer', account: sub.account, terms: wage(['0.00', '0.60']) });
    expect(above.status).toBe(400);
    expect(above.body).toMatchObject({ code: 'CONTRACT_RATE_ABOVE_OWN' });

    const accepted = await contract(top, sub, wage(['0.00', '0.40'], ['50000.00', '0.70']));
    expect(accepted.state).toBe('active');
    const seen = await overview(top);
    expect(seen.canOffer).toBe(true);
    expect(seen.downline).toMatchObject([
      { id: accepted.id, holder: sub.account, offerer: top.account, state: 'active' },
    ]);
    const own = await overview(sub);
    expect(own.own[0].events.map((e: { state: string; by: string }) => [e.state, e.by])).toEqual([
      ['offered', top.account],
      ['active', sub.account],
    ]);
    const audit = await test.portal.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'contract.%')
      .where(sql<boolean>`detail @> ${JSON.stringify({ contractId: accepted.id })}::jsonb`)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['contract.active', 'contract.offered']);
  });

  it('ends the downline contract that pays more than its holder’s new contract, once agreed', async () => {
    const given = await contract(sub, subSub, wage(['0.00', '0.40']));
    // The upline offers sub less than sub gives subSub: nothing changes until sub agrees.
    const lower = (
      await act(top, 'dailyWage', { action: 'offer', account: sub.account, terms: wage(['0.00', '0.30']) })
    ).body.value;
    expect((await overview(sub)).downline[0]).toMatchObject({ id: given.id, state: 'active' });
    await act(sub, 'dailyWage', { action: 'accept', contractId: lower.id });
    const after = await overview(sub);
    expect(
      after.own.slice(0, 2).map((c: { state: string; endReason: string | null }) => [c.state, c.endReason]),
    ).toEqual([
      ['active', null],
      ['terminated', 'replaced'],
    ]);
    expect(after.downline).toEqual([]);
    const ended = (await overview(subSub)).own[0];
    expect(ended).toMatchObject({ id: given.id, state: 'terminated', endReason: 'lowerRate' });
  });

  it('refuses offers outside the direct downline agents and answers another agent’s contracts with 404', async () => {
    const stranger = await agent();
    const player = await createByOperator(test, {
      account: nextName('cp'),
      type: 0,
      password: 'Player123',
      upline: top.account,
    });
    const outside = await act(top, 'dailyWage', {
      action: 'offer',
      account: stranger.account,
      terms: wage(['0', '0.1']),
    });
    expect([outside.status, outside.body.code]).toEqual([404, 'PLAYER_NOT_FOUND']);
    const deep = await act(top, 'dailyWage', { action: 'offer', account: subSub.account, terms: wage(['0', '0.1']) });
    expect(deep.body.code).toBe('CONTRACT_DIRECT_DOWNLINE_ONLY');
    const notAgent = await act(top, 'dailyWage', {
      action: 'offer',
      account: player.account,
      terms: wage(['0', '0.1']),
    });
    expect(notAgent.body.code).toBe('CONTRACT_HOLDER_NOT_AGENT');
    const subsContract = (await overview(sub)).own[0].id;
    for (const action of ['accept', 'reject', 'terminate']) {
      const answer = await act(stranger, 'dailyWage', { action, contractId: subsContract });
      expect([answer.status, answer.body.code]).toEqual([404, 'CONTRACT_NOT_FOUND']);
    }
    const wrongType = await act(sub, 'dividend', { action: 'terminate', contractId: subsContract });
    expect(wrongType.status).toBe(404);
  });

  it('terminates an upline’s contract with the contracts its holder gave, and refuses a second answer', async () => {
    const again = await contract(sub, subSub, wage(['0.00', '0.20']));
    const topsOwn = (await overview(top)).own[0];
    const ended = await call(test.portal.app, {
      method: 'POST',
      url: `/admin/api/contracts/${topsOwn.id}/terminate`,
      headers: test.admin,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await overview(sub)).own[0]).toMatchObject({ state: 'terminated', endReason: 'uplineEnded' });
    expect((await overview(subSub)).own[0]).toMatchObject({
      id: again.id,
      state: 'terminated',
      endReason: 'uplineEnded',
    });
    const twice = await act(subSub, 'dailyWage', { action: 'terminate', contractId: again.id });
    expect([twice.status, twice.body.code]).toEqual([409, 'CONTRACT_STATE']);
  });

  it('shows the contract pages’ switches in the consolidated call, off for players and when an operator turns them off', async () => {
    const funds = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/member/info/funds/consolidated',
      headers: top.headers,
    });
    expect(funds.body.value).toMatchObject({
      divtypereq: true,
      dailysalreqtype: true,
      contracthoursalreq: true,
      realtimesalreqtype: true,
    });
    const someone = await registered(test.portal.app);
    const theirs = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/member/info/funds/consolidated',
      headers: bearer(someone.token),
    });
    expect(theirs.body.value).toMatchObject({ divtypereq: false, dailysalreqtype: false });
    const off = await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/flags',
      headers: test.admin,
      payload: { HOURSALCONTRACT3: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const after = await call(test.portal.app, {
      method: 'GET',
      url: '/wps/member/info/funds/consolidated',
      headers: top.headers,
    });
    expect(after.body.value).toMatchObject({ contracthoursalreq: false, dailysalreqtype: true });
    const page = await call(test.portal.app, {
      method: 'GET',
      url: CONTRACT_PATHS.hourlySalary,
      headers: { ...EN, ...top.headers },
    });
    expect([page.status, page.body.code]).toEqual([403, 'FEATURE_DISABLED']);
    await call(test.portal.app, {
      method: 'PUT',
      url: '/admin/api/flags',
      headers: test.admin,
      payload: { HOURSALCONTRACT3: true },
    });
  });
});

describe('settlement', () => {
  it('pays each holder its share once through the wallet, with a statement and the bets behind it', async () => {
    await setContractSettings({
      minActiveMembers: { dividend: 0, dailyWage: 0, hourlySalary: 0, realTimeSalary: 0 },
      minPayout: '1.00',
    });
    const top = await agent();
    const sub = await agent(top.account);
    const p1 = await createByOperator(test, {
      account: nextName('cs'),
      type: 0,
      password: 'Player123',
      upline: sub.account,
    });
    const p2 = await createByOperator(test, {
      account: nextName('cs'),
      type: 0,
      password: 'Player123',
      upline: top.account,
    });
    await contract(null, top, wage(['0.00', '0.50'], ['1000.00', '1.00']));
    await contract(top, sub, wage(['0.00', '0.40']));
    const at = new Date(Date.now() - 600_000);
    await play(p1.id, at, '800.00', '500.00');
    await play(p2.id, at, '400.00');
    const window = windowNow();
    const before = await cashOf(top.id);

    const { settlement } = test.portal.app.contracts;
    // sub's team: 800.00 × 0.40 % = 3.20. top's team: 1,200.00 × 1.00 % = 12.00, less sub's 3.20 = 8.80.
    const first = await settlement.settleWindow('dailyWage', window);
    expect(first).toEqual({ statements: 2, paid: toMinor('12.00') });
    expect(await settlement.settleWindow('dailyWage', window)).toEqual({ statements: 0, paid: 0n });
    // A later window in which the teams did nothing keeps no statement.
    const idle = {
      ...window,
      key: `${window.key}:idle`,
      start: window.end,
      end: new Date(window.end.getTime() + 3_600_000),
    };
    expect(await settlement.settleWindow('dailyWage', idle)).toEqual({ statements: 0, paid: 0n });
    expect((await cashOf(top.id)) - before).toBe(toMinor('8.80'));

    const day = new Date().toISOString().slice(0, 10);
    const income = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/agent/income?from=${day}&to=${new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10)}`,
      headers: { ...EN, ...top.headers },
    });
    expect(income.status, JSON.stringify(income.body)).toBe(200);
    const statement = income.body.value.list.find((s: { window: { key: string } }) => s.window.key === window.key);
    expect(statement).toMatchObject({ paid: '8.80', type: 'dailyWage', holder: top.account });
    expect(statement.entryId).not.toBeNull();
    expect(statement.lines.find((l: { key: string }) => l.key === 'downlineShares')).toMatchObject({ amount: '-3.20' });
    const bets = await call(test.portal.app, {
      method: 'GET',
      url: `/wps/agent/income/${statement.id}/bets?pageSize=10`,
      headers: { ...EN, ...top.headers },
    });
    expect(bets.body.value.totalCount).toBe(3);
    expect(
      bets.body.value.list
        .map((b: { account: string; type: string; amount: string }) => [b.account, b.type, b.amount])
        .sort(),
    ).toEqual(
      [
        [p1.account, 'bet', '-800.00'],
        [p1.account, 'win', '500.00'],
        [p2.account, 'bet', '-400.00'],
      ].sort(),
    );
    // Another agent reads neither the statement nor its bets.
    for (const url of [`/wps/agent/income/${statement.id}`, `/wps/agent/income/${statement.id}/bets`]) {
      const theirs = await call(test.portal.app, { method: 'GET', url, headers: { ...EN, ...sub.headers } });
      expect(theirs.status, url).toBe(404);
    }
    const entry = await test.portal.database.db
      .selectFrom('journal_entries')
      .select(['type', 'reference'])
      .where('id', '=', statement.entryId)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ type: 'salary', reference: `contract:${statement.contractId}:${window.key}` });
  });

  it('recomputes the downline’s last window with proposed terms before an offer, storing and paying nothing', async () => {
    await setContractSettings({
      minActiveMembers: { dividend: 0, dailyWage: 0, hourlySalary: 0, realTimeSalary: 0 },
      minPayout: '1.00',
    });
    const top = await agent();
    const sub = await agent(top.account);
    const player = await createByOperator(test, {
      account: nextName('cw'),
      type: 0,
      password: 'Player123',
      upline: sub.account,
    });
    await contract(null, top, wage(['0.00', '1.00']));
    await contract(top, sub, wage(['0.00', '0.40']));
    const { settlement } = test.portal.app.contracts;
    const window = settlement.lastEndedWindow('dailyWage', null);
    await play(player.id, new Date(window.start.getTime() + 60_000), '2500.00');
    const before = await cashOf(sub.id);
    const answer = await act(top, 'dailyWage', {
      action: 'whatIf',
      account: sub.account,
      terms: wage(['0.00', '0.60']),
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // The contract was accepted after the window: the what-if still shows what these terms would have paid in it.
    // 2,500.00 × 0.40 % = 10.00 now; × 0.60 % = 15.00 proposed.
    expect(answer.body.value).toMatchObject({
      window: { key: window.key },
      currentPaid: '10.00',
      proposedPaid: '15.00',
    });
    const above = await act(top, 'dailyWage', {
      action: 'whatIf',
      account: sub.account,
      terms: wage(['0.00', '1.50']),
    });
    expect(above.status).toBe(200);
    expect(await cashOf(sub.id)).toBe(before);
    const stored = await test.portal.database.db
      .selectFrom('agent_contract_settlements')
      .select('id')
      .where('holder_id', '=', sub.id)
      .execute();
    expect(stored).toEqual([]);
  });

  it('pays the sum a recomputation finds, once, under two concurrent settlers and a crash (property)', async () => {
    await setContractSettings({
      minActiveMembers: { dividend: 0, dailyWage: 0, hourlySalary: 0, realTimeSalary: 0 },
      minPayout: '0.00',
    });
    const { sources } = test.portal.app.contracts;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          // Each agent's upline is an earlier agent (or the platform for the first); rates as hundredths of a percent.
          uplines: fc.array(fc.nat(), { minLength: 1, maxLength: 5 }),
          rates: fc.array(fc.integer({ min: 1, max: 150 }), { minLength: 5, maxLength: 5 }),
          bets: fc.array(fc.record({ agent: fc.nat(), stake: fc.integer({ min: 1, max: 500_000 }) }), { maxLength: 8 }),
          crashAt: fc.integer({ min: 1, max: 4 }),
        }),
        async ({ uplines, rates, bets, crashAt }) => {
          const agents: Agent[] = [];
          const uplineOf: (number | null)[] = [];
          for (const [i, pick] of uplines.entries()) {
            const upline = i === 0 ? null : pick % i;
            uplineOf.push(upline);
            agents.push(await agent(upline === null ? undefined : agents[upline]!.account));
          }
          // Rates never rise down the tree (an offer may not pay more than the offerer's own).
          const rateOf: number[] = [];
          for (const [i, upline] of uplineOf.entries()) {
            rateOf.push(upline === null ? rates[i]! : Math.min(rates[i]!, rateOf[upline]!));
            const terms = wage(['0.00', fromMinor(BigInt(rateOf[i]!))]);
            await contract(upline === null ? null : agents[upline]!, agents[i]!, terms);
          }
          const staked = agents.map(() => 0n);
          const at = new Date(Date.now() - 300_000);
          for (const bet of bets) {
            const owner = bet.agent % agents.length;
            const player = await createByOperator(test, {
              account: nextName('pp'),
              type: 0,
              password: 'Player123',
              upline: agents[owner]!.account,
            });
            await play(player.id, at, fromMinor(BigInt(bet.stake)));
            staked[owner]! += BigInt(bet.stake);
          }
          // The recomputation: each agent's team is its players and its sub-agents' teams; it earns its rate on the
          // team and pays its direct sub-agents' gross out of it.
          const team = (i: number): bigint =>
            staked[i]! + uplineOf.reduce((sum, upline, j) => (upline === i ? sum + team(j) : sum), 0n);
          const gross = (i: number) => (team(i) * BigInt(rateOf[i]!)) / 10_000n;
          const expected = agents.map((_, i) => {
            const shares = uplineOf.reduce((sum, upline, j) => (upline === i ? sum + gross(j) : sum), 0n);
            return gross(i) > shares ? gross(i) - shares : 0n;
          });

          const before = await Promise.all(agents.map((a) => cashOf(a.id)));
          const window = windowNow();
          let payments = 0;
          const crashing: ContractSources = {
            ...sources,
            payments: (ids, work) =>
              sources.payments(ids, ({ trx, pay }) =>
                work({
                  trx,
                  pay: async (payment) => {
                    payments++;
                    if (payments === crashAt) throw new Error('injected crash');
                    return pay(payment);
                  },
                }),
              ),
          };
          const settler = new ContractSettlement(test.portal.database.db, crashing);
          // Two settlers at once, one of which may crash halfway; then a re-run finishes what is left.
          await Promise.allSettled([
            settler.settleWindow('dailyWage', window),
            settler.settleWindow('dailyWage', window),
          ]);
          await new ContractSettlement(test.portal.database.db, sources).settleWindow('dailyWage', window);
          await new ContractSettlement(test.portal.database.db, sources).settleWindow('dailyWage', window);
          const received = await Promise.all(agents.map(async (a, i) => (await cashOf(a.id)) - before[i]!));
          expect(received).toEqual(expected);
        },
      ),
      { numRuns: 6 },
    );
  });
});
