import { randomUUID } from 'node:crypto';
import { INVITE_LINKS_MAX } from '@portal/shared/agents';
import type { Announcements } from '@portal/shared/api';
import { errorMessage } from '@portal/shared/error-catalogue';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Agent, agent as signedInAgent } from '../../test/agents.ts';
import { call, useTestPortal } from '../../test/harness.ts';
import { bearer, countMembers, EN, login, nextIp, nextName, register, registered } from '../../test/members.ts';
import { confirmedDeposit, createChannel, walletMember } from '../../test/wallet.ts';

const test = useTestPortal();

function send(headers: Record<string, string>, method: InjectOptions['method'], url: string, payload?: object) {
  return call(test.portal.app, {
    method,
    url,
    headers: { ...EN, ...headers },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const openDownline = (agent: Agent, body: object) => send(agent.headers, 'POST', '/wps/agent/downlines', body);
const links = async (agent: Agent) => (await send(agent.headers, 'GET', '/wps/agent/links')).body.value;
const makeLink = (agent: Agent, body: object) => send(agent.headers, 'POST', '/wps/agent/links', body);
const changeLink = (agent: Agent, id: string, body: object) =>
  send(agent.headers, 'PATCH', `/wps/agent/links/${id}`, body);

async function auditOf(action: string, account: string) {
  return test.portal.database.db
    .selectFrom('audit_log')
    .select(['actor', 'detail', 'ip'])
    .where('action', '=', action)
    .where('actor', '=', `member:${account}`)
    .orderBy('id')
    .execute();
}

describe('opening a downline', () => {
  let boss: Agent;

  beforeAll(async () => {
    boss = await signedInAgent(test);
  });

  it('opens a player and an agent of its own type under the agent, audited, who can sign in', async () => {
    const playerName = nextName('dp');
    const made = await openDownline(boss, { account: playerName, password: 'Player123', type: 0, nickname: ' Rahim ' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.value).toMatchObject({ account: playerName, type: 0, nickname: 'Rahim' });
    expect(made.body.value.inviteCode).toMatch(/^[2-9A-Z]{8}$/);

    const agentName = nextName('da');
    const sub = await openDownline(boss, { account: agentName, password: 'Agent5678', type: 1 });
    expect(sub.status, JSON.stringify(sub.body)).toBe(201);

    const team = await send(boss.headers, 'GET', '/wps/agent/team/members?sort=account&order=asc');
    expect(team.body.value.list).toEqual([
      expect.objectContaining({ account: agentName, type: 1, level: 1, upline: boss.account }),
      expect.objectContaining({ account: playerName, type: 0, level: 1, upline: boss.account, nickname: 'Rahim' }),
    ]);
    // The sub-agent signs in at the agent portal, the player at the players' one.
    const asAgent = await login(test.portal.app, agentName, 'Agent5678', { ip: nextIp(), portal: 'agent' });
    expect(asAgent.status, JSON.stringify(asAgent.body)).toBe(200);
    const asPlayer = await login(test.portal.app, playerName, 'Player123', { ip: nextIp() });
    expect(asPlayer.status, JSON.stringify(asPlayer.body)).toBe(200);

    const audit = await auditOf('member.create.downline', boss.account);
    expect(audit.map((row) => row.detail)).toEqual([
      expect.objectContaining({ account: playerName, type: 0, upline: boss.account }),
      expect.objectContaining({ account: agentName, type: 1, upline: boss.account }),
    ]);
  });

  it('lets an agent open players and agents of its own kind only', async () => {
    const playing = await signedInAgent(test, undefined, 41);
    for (const [agent, type] of [
      [boss, 2],
      [boss, 41],
      [boss, 4],
      [playing, 1],
      [playing, 42],
    ] as const) {
      const refused = await openDownline(agent, { account: nextName('no'), password: 'Secret123', type });
      expect(refused.status, `${agent.account} type ${type}`).toBe(403);
      expect(refused.body).toMatchObject({
        code: 'DOWNLINE_TYPE_NOT_ALLOWED',
        message: errorMessage('DOWNLINE_TYPE_NOT_ALLOWED', 'en'),
      });
    }
    const own = await openDownline(playing, { account: nextName('ok'), password: 'Secret123', type: 41 });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(own.body.value.type).toBe(41);
  });

  it('refuses a taken account (any letter case) and names or passwords the brand refuses, writing nothing', async () => {
    const taken = await registered(test.portal.app);
    const before = await countMembers(test);
    const duplicate = await openDownline(boss, {
      account: taken.username.toUpperCase(),
      password: 'Secret123',
      type: 0,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: 'USERNAME_TAKEN', message: errorMessage('USERNAME_TAKEN', 'en') });

    // The brand's rules: a name of 4 to 16 letters and digits starting with a letter; a password of 6 to 20 with
    // letters and digits both.
    for (const [body, field] of [
      [{ account: '1abc', password: 'Secret123' }, 'account'],
      [{ account: 'ab', password: 'Secret123' }, 'account'],
      [{ account: nextName('pw'), password: 'onlyletters' }, 'password'],
      [{ account: nextName('pw'), password: 'a1' }, 'password'],
    ] as const) {
      const refused = await openDownline(boss, { ...body, type: 0 });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.code).toBe('FIELD_INVALID');
      expect(refused.body.value).toMatchObject({ field });
      expect(refused.body.message.length).toBeGreaterThan(5);
    }
    expect(await countMembers(test)).toBe(before);
  });
});

describe('invitation links', () => {
  let boss: Agent;

  beforeAll(async () => {
    boss = await signedInAgent(test);
  });

  it('makes, lists, changes and turns off links, each audited, with the own code as the default link', async () => {
    const empty = await links(boss);
    expect(empty).toEqual({
      defaultLink: { code: boss.inviteCode, registrations: 0, firstDeposits: 0, deposits: '0.00', depositCount: 0 },
      list: [],
      max: INVITE_LINKS_MAX,
    });
    const facebook = await makeLink(boss, { source: ' Facebook ', note: 'Page post, November' });
    expect(facebook.status, JSON.stringify(facebook.body)).toBe(201);
    expect(facebook.body.value).toMatchObject({
      source: 'facebook',
      note: 'Page post, November',
      enabled: true,
      registrations: 0,
      deposits: '0.00',
    });
    expect(facebook.body.value.code).toMatch(/^[2-9A-HJKMNP-Z]{10}$/);
    const telegram = await makeLink(boss, { source: 'telegram-group-1' });
    expect(telegram.status).toBe(201);

    const listed = await links(boss);
    expect(listed.list.map((link: { source: string }) => link.source)).toEqual(['telegram-group-1', 'facebook']);

    const duplicate = await makeLink(boss, { source: 'FACEBOOK' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({
      code: 'INVITE_SOURCE_TAKEN',
      message: errorMessage('INVITE_SOURCE_TAKEN', 'en'),
    });
    for (const source of ['x', '-facebook', 'tele gram', 'ফেসবুক', 'a'.repeat(33)]) {
      const bad = await makeLink(boss, { source });
      expect(bad.status, source).toBe(400);
      expect(bad.body.code, source).toBe(source.length > 40 ? 'VALIDATION' : 'INVITE_SOURCE_INVALID');
    }

    const id = facebook.body.value.id;
    const off = await changeLink(boss, id, { enabled: false, note: null });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.value).toMatchObject({ id, enabled: false, note: null, source: 'facebook' });
    const renamed = await changeLink(boss, id, { source: 'facebook-page', enabled: true });
    expect(renamed.body.value).toMatchObject({
      source: 'facebook-page',
      enabled: true,
      code: facebook.body.value.code,
    });
    const clash = await changeLink(boss, id, { source: 'telegram-group-1' });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe('INVITE_SOURCE_TAKEN');
    expect((await changeLink(boss, '999999999', { enabled: false })).status).toBe(404);

    const audit = await auditOf('agent.link.update', boss.account);
    expect(audit.map((row) => row.detail)).toEqual([
      expect.objectContaining({ id, enabled: false, note: null }),
      expect.objectContaining({ id, source: 'facebook-page', enabled: true }),
    ]);
    expect(await auditOf('agent.link.create', boss.account)).toHaveLength(2);
  });

  it("answers another agent's link 404 and leaves it as it was", async () => {
    const other = await signedInAgent(test);
    const theirs = await makeLink(other, { source: 'whatsapp' });
    const tried = await changeLink(boss, theirs.body.value.id, { enabled: false, source: 'mine-now' });
    expect(tried.status).toBe(404);
    expect(JSON.stringify(tried.body)).not.toContain(theirs.body.value.code);
    expect((await links(other)).list).toMatchObject([{ source: 'whatsapp', enabled: true }]);
    expect(JSON.stringify(await links(boss))).not.toContain(theirs.body.value.code);
  });

  it('places a registration through a link under the agent and counts it, its first deposit and deposits there', async () => {
    const agent = await signedInAgent(test);
    const facebook = (await makeLink(agent, { source: 'facebook' })).body.value;
    const telegram = (await makeLink(agent, { source: 'telegram' })).body.value;

    // Registration checks the code first (spec section 5), then registers with it, in any letter case.
    const check = await send({}, 'GET', `/wps/agent/affiliate?code=${facebook.code.toLowerCase()}`);
    expect(check.body.value).toMatchObject({ valid: true, agent: agent.account });
    const first = await walletMember(test, { affiliateCode: facebook.code.toLowerCase() });
    const second = await walletMember(test, { affiliateCode: facebook.code });
    const byOwnCode = await walletMember(test, { affiliateCode: agent.inviteCode });
    await registered(test.portal.app, { affiliateCode: telegram.code });

    const team = await send(agent.headers, 'GET', '/wps/agent/team/members?sort=account&order=asc');
    expect(team.body.value.totalCount).toBe(4);
    expect(new Set(team.body.value.list.map((m: { upline: string }) => m.upline))).toEqual(new Set([agent.account]));

    await confirmedDeposit(test, first, '500.00');
    await confirmedDeposit(test, first, '250.50');
    await confirmedDeposit(test, byOwnCode, '100.00');
    // A deposit still waiting for the operator counts nowhere.
    const channel = await createChannel(test);
    const pending = await send({ ...second.headers, 'idempotency-key': randomUUID() }, 'POST', '/wps/wallet/deposits', {
      channelCode: channel.code,
      amount: '999.00',
    });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);

    const figures = await links(agent);
    const bySource = Object.fromEntries(figures.list.map((link: { source: string }) => [link.source, link]));
    expect(bySource.facebook).toMatchObject({
      registrations: 2,
      firstDeposits: 1,
      deposits: '750.50',
      depositCount: 2,
    });
    expect(bySource.telegram).toMatchObject({ registrations: 1, firstDeposits: 0, deposits: '0.00', depositCount: 0 });
    expect(figures.defaultLink).toMatchObject({
      code: agent.inviteCode,
      registrations: 1,
      firstDeposits: 1,
      deposits: '100.00',
    });

    // A link turned off no longer registers anyone, and says so as a wrong code does.
    await changeLink(agent, telegram.id, { enabled: false });
    const refused = await register(test.portal.app, { affiliateCode: telegram.code });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'INVITATION_CODE_ERROR' });
    expect((await send({}, 'GET', `/wps/agent/affiliate?code=${telegram.code}`)).status).toBe(400);
  });
});

describe('agent notices', () => {
  it('shows operators’ agent notices to agents newest first, sanitised, and never to players or visitors', async () => {
    const agent = await signedInAgent(test);
    const made: number[] = [];
    for (const [en, bn] of [
      ['Commission schedule', 'কমিশনের সময়সূচি'],
      ['Cricket cup for teams', 'টিমের জন্য ক্রিকেট কাপ'],
    ]) {
      const notice = await send(test.admin, 'POST', '/admin/api/notices', {
        type: 'AG',
        title: { en, bn },
        content: { en: `<p>${en}</p><script>alert(1)</script>`, bn: `<p>${bn}</p>` },
      });
      expect(notice.status, JSON.stringify(notice.body)).toBe(201);
      made.push(notice.body.value.id);
    }
    const listed = await send(agent.headers, 'GET', '/wps/agent/notices');
    expect(listed.status).toBe(200);
    const ours = listed.body.value.list.filter((n: { id: number }) => made.includes(n.id));
    expect(ours.map((n: { title: string }) => n.title)).toEqual(['Cricket cup for teams', 'Commission schedule']);
    expect(ours[0].content).toBe('<p>Cricket cup for teams</p>');
    const times = listed.body.value.list.map((n: { publishedAt: string }) => n.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const inBengali = await send(
      { ...agent.headers, 'accept-language': 'bn' },
      'GET',
      '/wps/agent/notices?language=bn',
    );
    expect(inBengali.body.value.list.map((n: { title: string }) => n.title)).toContain('টিমের জন্য ক্রিকেট কাপ');

    // Operators edit them through the same notice routes: an agent notice switched off leaves the list.
    const off = await send(test.admin, 'PATCH', `/admin/api/notices/${made[0]}`, { enabled: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const after = await send(agent.headers, 'GET', '/wps/agent/notices');
    expect(after.body.value.list.map((n: { id: number }) => n.id)).not.toContain(made[0]);

    // Players and visitors: no agent notice in any announcement list, and AG is no announcement type.
    const player = await registered(test.portal.app);
    for (const headers of [bearer(player.token), {}]) {
      const all = await send(headers, 'GET', '/wps/relay/MCSFE_getListAnnouncements?types=B,PL,PU,PR,H&platform=W');
      const value = all.body.value as Announcements;
      const ids = [...value.player, ...value.popup, ...value.promotion, ...value.home].map((n) => n.id);
      expect(ids.filter((id) => made.includes(id))).toEqual([]);
      expect(JSON.stringify(value)).not.toContain('Cricket cup');
      const unfiltered = await send(headers, 'GET', '/wps/relay/MCSFE_getListAnnouncements');
      expect(JSON.stringify(unfiltered.body)).not.toContain('Cricket cup');
      expect((await send(headers, 'GET', '/wps/relay/MCSFE_getListAnnouncements?types=AG')).status).toBe(400);
    }
    expect((await send(bearer(player.token), 'GET', '/wps/agent/notices')).status).toBe(403);
  });
});
