// The demo agent's team, planned: who is in it, whose downline each is, when they registered and last signed in,
// and a month of their deposits, rounds and withdrawals. A pure function of the seed and the moment it runs for, so
// every `npm start` on an empty database gets the same team (the times are relative to that moment). team.ts writes it.
import { parseMobile } from '@portal/shared/phone';
import { FEMALE, MALE, NICKNAMES, PREFIX_WEIGHTS, SURNAMES } from './team-people.ts';
import { DEPOSIT_AMOUNTS, GAMES, PAYOUTS, PLAY_WEIGHTS, type Play, STAKES } from './team-play.ts';
import { between, pick, type Random, seededRandom, weighted } from './team-random.ts';

/** How far back the team's history goes: registrations and play over these last days (Asia/Dhaka). */
export const TEAM_DAYS = 35;
export const TEAM_PLAYERS = 290;
/** Every team member's password (the demo agent's own stays `Agent1234`): sub-agents can sign in at /agentHome. */
export const DEMO_TEAM_PASSWORD = 'Team1234';

const DHAKA_OFFSET_MS = 6 * 3600_000;
const MINUTE = 60_000;

export interface PlannedMember {
  account: string;
  nickname: string;
  type: number;
  /** The upline's account (`demoagent` for level 1). */
  upline: string;
  level: number;
  /** Stored as the shared phone module stores numbers: `880` and the national number. */
  mobileNum: string;
  inviteCode: string;
  status: 'active' | 'disabled';
  createdAt: Date;
  lastLoginAt: Date | null;
}

export interface PlannedDeposit {
  account: string;
  channelCode: 'bkash' | 'nagad' | 'local-bank';
  amountMinor: bigint;
  orderNo: string;
  transactionRef: string;
  createdAt: Date;
  confirmedAt: Date;
}

export interface PlannedWithdrawal {
  account: string;
  orderNo: string;
  amountMinor: bigint;
  payout: { kind: 'bank' | 'ewallet'; provider: string; accountName: string; accountNumber: string };
  createdAt: Date;
  paidAt: Date;
}

export interface PlannedRound {
  account: string;
  vendor: string;
  gameId: string;
  roundId: string;
  stakeMinor: bigint;
  winMinor: bigint;
  betAt: Date;
  settledAt: Date;
}

/** One day of the team's money, in the order it is written: deposits, then the rounds, then withdrawals. */
export interface PlannedDay {
  deposits: PlannedDeposit[];
  rounds: PlannedRound[];
  withdrawals: PlannedWithdrawal[];
}

export interface TeamPlan {
  /** Uplines before their downlines. */
  members: PlannedMember[];
  days: PlannedDay[];
}

interface Player extends PlannedMember {
  /** How likely the member plays on a given day. */
  activity: number;
  /** The member's stakes are this multiple of a typical player's. */
  scale: number;
  plays: Play[];
  /** A member who hits a jackpot on this day index. */
  jackpotDay: number | null;
  balance: bigint;
  lastSeen: Date | null;
}

/** The first instant of day `index` (0 = the oldest of TEAM_DAYS) in Asia/Dhaka. */
function dayStart(now: Date, index: number): Date {
  const local = now.getTime() + DHAKA_OFFSET_MS;
  const todayStart = local - (local % 86_400_000) - DHAKA_OFFSET_MS;
  return new Date(todayStart - (TEAM_DAYS - 1 - index) * 86_400_000);
}

/** Friday and Saturday are the weekend in Bangladesh. */
function isWeekend(start: Date): boolean {
  const day = new Date(start.getTime() + DHAKA_OFFSET_MS).getUTCDay();
  return day === 5 || day === 6;
}

/** A local hour of play: afternoon and late evening mostly, some after midnight. */
function playHour(random: Random): number {
  return weighted(random, [
    [8, 2],
    [10, 4],
    [12, 6],
    [14, 7],
    [16, 8],
    [18, 10],
    [20, 14],
    [21, 14],
    [22, 14],
    [23, 10],
    [24, 5],
    [25, 3],
  ]);
}

const digits = (random: Random, count: number) => Array.from({ length: count }, () => between(random, 0, 9)).join('');
const toMinor = (taka: number) => BigInt(Math.round(taka * 100));

/** The team and its month, for the moment `now` (the seed's own start, or a test's fixed instant). */
export function planDemoTeam(now: Date, seed = 29): TeamPlan {
  const random = seededRandom(seed);
  const usedAccounts = new Set<string>(['demoagent', 'demo']);
  const usedMobiles = new Set<string>(['1700000001']);
  const usedCodes = new Set<string>();

  const uniqueAccount = (base: string) => {
    for (;;) {
      const account = `${base}${between(random, 1, 999)}`.slice(0, 32);
      if (!usedAccounts.has(account)) {
        usedAccounts.add(account);
        return account;
      }
    }
  };
  const mobile = () => {
    for (;;) {
      const national = `${weighted(random, PREFIX_WEIGHTS)}${digits(random, 8)}`;
      if (!usedMobiles.has(national) && parseMobile(`0${national}`, '880')?.nationalNumber === national) {
        usedMobiles.add(national);
        return national;
      }
    }
  };
  const inviteCode = () => {
    for (;;) {
      const code = `DT${Array.from({ length: 6 }, () => pick(random, [...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'])).join('')}`;
      if (!usedCodes.has(code)) {
        usedCodes.add(code);
        return code;
      }
    }
  };
  const person = () => {
    const female = random() < 0.2;
    const first = pick(random, female ? FEMALE : MALE);
    const last = pick(
      random,
      SURNAMES.filter((s) => female || (s !== 'Akter' && s !== 'Begum' && s !== 'Khatun')),
    );
    const style = between(random, 0, 2);
    const base =
      style === 0
        ? first.toLowerCase()
        : style === 1
          ? `${first}_${last[0]}`.toLowerCase()
          : `${first}${last}`.toLowerCase();
    const nickname = random() < 0.6 ? pick(random, NICKNAMES) : `${first} ${last}`;
    return { account: uniqueAccount(base), nickname };
  };
  const at = (day: number, hour: number, minute: number) =>
    new Date(dayStart(now, day).getTime() + hour * 3600_000 + minute * MINUTE);

  // A time of day to register on, before now on today.
  const registeredAt = (day: number) => {
    const planned = at(day, between(random, 9, 23), between(random, 0, 59));
    const latest = now.getTime() - 30 * MINUTE;
    if (planned.getTime() <= latest) return planned;
    const start = Math.min(dayStart(now, day).getTime(), latest - 3600_000);
    return new Date(start + Math.floor(random() * (latest - start)));
  };
  const members: Player[] = [];
  const add = (type: number, upline: string, level: number, registeredDay: number): Player => {
    const { account, nickname } = person();
    const member: Player = {
      account,
      nickname,
      type,
      upline,
      level,
      mobileNum: mobile(),
      inviteCode: inviteCode(),
      status: 'active',
      createdAt: registeredAt(registeredDay),
      lastLoginAt: null,
      activity: type === 0 ? (random() < 0.18 ? 0.02 : 0.12 + random() * 0.55) : 0.1,
      scale:
        type === 0
          ? weighted(random, [
              [0.5, 30],
              [1, 45],
              [2, 18],
              [5, 6],
              [12, 1],
            ])
          : 1,
      plays: [weighted(random, PLAY_WEIGHTS), weighted(random, PLAY_WEIGHTS)],
      jackpotDay: null,
      balance: 0n,
      lastSeen: null,
    };
    members.push(member);
    return member;
  };

  // The agents: three under the demo agent, their own sub-agents, and theirs (four levels in all).
  const level1 = [add(2, 'demoagent', 1, 0), add(2, 'demoagent', 1, 1), add(41, 'demoagent', 1, 2)];
  const level2 = [
    add(41, level1[0]?.account ?? '', 2, 4),
    add(42, level1[0]?.account ?? '', 2, 6),
    add(2, level1[1]?.account ?? '', 2, 5),
    add(42, level1[2]?.account ?? '', 2, 8),
  ];
  const level3 = [add(42, level2[0]?.account ?? '', 3, 10), add(41, level2[2]?.account ?? '', 3, 12)];
  const agents: [Player | null, number][] = [
    [null, 60],
    ...level1.map((a): [Player, number] => [a, 40]),
    ...level2.map((a): [Player, number] => [a, 22]),
    ...level3.map((a): [Player, number] => [a, 14]),
  ];
  const players: Player[] = [];
  while (players.length < TEAM_PLAYERS) {
    const agent = weighted(random, agents);
    const from = agent ? Math.floor((agent.createdAt.getTime() - dayStart(now, 0).getTime()) / 86_400_000) : 0;
    // Players the agent brought along at the start, then a team that keeps growing.
    const spread = random() < 0.2 ? random() * 0.15 : random() ** 0.8;
    const day = Math.min(TEAM_DAYS - 1, from + Math.floor((TEAM_DAYS - from) * spread));
    players.push(add(0, agent?.account ?? 'demoagent', (agent?.level ?? 0) + 1, day));
  }
  members.sort((a, b) => a.level - b.level || a.createdAt.getTime() - b.createdAt.getTime());
  // A few big winners (a jackpot on a day after they joined) and a few disabled accounts.
  const joinedDay = (member: PlannedMember) =>
    Math.floor((member.createdAt.getTime() - dayStart(now, 0).getTime()) / 86_400_000);
  for (const player of players.filter((p) => p.activity > 0.3 && joinedDay(p) < TEAM_DAYS - 5).slice(0, 3)) {
    player.jackpotDay = between(random, joinedDay(player) + 1, TEAM_DAYS - 2);
  }
  for (const player of players) if (random() < 0.04) player.status = 'disabled';

  const days: PlannedDay[] = [];
  let orders = 0;
  const orderNo = (prefix: 'D' | 'W', time: Date) => {
    const local = new Date(time.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
    orders++;
    return `${prefix}${local}${String(orders).padStart(4, '0')}${digits(random, 6)}`;
  };
  const deposit = (member: Player, time: Date, wanted: bigint): PlannedDeposit => {
    let amount = weighted(random, DEPOSIT_AMOUNTS) * (member.scale >= 5 ? 4 : member.scale >= 2 ? 2 : 1);
    while (toMinor(amount) < wanted) amount *= 2;
    const channelCode = amount >= 10_000 && random() < 0.5 ? 'local-bank' : random() < 0.6 ? 'bkash' : 'nagad';
    const createdAt = new Date(time.getTime() - between(random, 8, 25) * MINUTE);
    member.balance += toMinor(amount);
    return {
      account: member.account,
      channelCode,
      amountMinor: toMinor(amount),
      orderNo: orderNo('D', createdAt),
      transactionRef: `${channelCode === 'local-bank' ? 'DBBL' : channelCode === 'bkash' ? 'BK' : 'NG'}${digits(random, 8)}`,
      createdAt,
      confirmedAt: new Date(time.getTime() - between(random, 1, 6) * MINUTE),
    };
  };

  for (let day = 0; day < TEAM_DAYS; day++) {
    const plan: PlannedDay = { deposits: [], rounds: [], withdrawals: [] };
    const weekend = isWeekend(dayStart(now, day));
    for (const member of members) {
      const joined = Math.floor((member.createdAt.getTime() - dayStart(now, 0).getTime()) / 86_400_000);
      if (day < joined) continue;
      const chance = member.activity * (weekend ? 1.4 : 1) * (day === joined ? 2.5 : 1);
      if (random() >= chance && member.jackpotDay !== day) continue;
      let time = at(day, playHour(random), between(random, 0, 59));
      if (day === joined && time <= member.createdAt) time = new Date(member.createdAt.getTime() + 20 * MINUTE);
      if (time.getTime() > now.getTime() - 90 * MINUTE) continue;
      // A disabled account stopped playing in the last week (it was disabled then).
      if (member.status === 'disabled' && day > TEAM_DAYS - 8) continue;
      const jackpotToday = member.jackpotDay === day;
      const play = jackpotToday ? 'slot' : pick(random, member.plays);
      const stakes = STAKES[play];
      const rounds = play === 'sports' || play === 'cockfight' ? between(random, 1, 4) : between(random, 3, 16);
      const typicalStake = toMinor((stakes[Math.floor(stakes.length / 2)] ?? 10) * member.scale);
      if (member.balance < typicalStake * 3n) plan.deposits.push(deposit(member, time, typicalStake * 3n));
      for (let r = 0; r < rounds; r++) {
        const stake = toMinor(pick(random, stakes) * member.scale);
        if (stake > member.balance) break;
        const game = pick(random, GAMES[play]);
        const [low, high] = weighted(random, PAYOUTS[play]);
        const multiple = low + (high - low) * random();
        // A big winner's jackpot: ৳8,000 to ৳20,000 on one spin, the kind of win a team talks about.
        const win =
          jackpotToday && r === 0
            ? toMinor(between(random, 80, 200) * 100)
            : toMinor(Math.round((Number(stake) / 100) * multiple * 100) / 100);
        const settle = play === 'sports' ? between(random, 60, 180) : play === 'live' ? 1 : 0;
        const betAt = time;
        const settledAt = new Date(time.getTime() + settle * MINUTE + between(random, 5, 50) * 1000);
        if (settledAt.getTime() > now.getTime() - MINUTE) break;
        plan.rounds.push({
          account: member.account,
          vendor: game.vendor,
          gameId: `${game.vendor}-${game.type}-${String(between(random, 1, game.count)).padStart(4, '0')}`,
          roundId: `${member.account.slice(0, 20)}-${day}-${r}-${digits(random, 6)}`,
          stakeMinor: stake,
          winMinor: win,
          betAt,
          settledAt,
        });
        member.balance += win - stake;
        time = new Date(time.getTime() + between(random, 40, 200) * 1000);
      }
      member.lastSeen = time;
      // A player well up takes some home: paid by the operator within the hour.
      const withdrawAbove = toMinor(8000 * Math.max(1, member.scale));
      if (member.balance > withdrawAbove && (random() < 0.25 || jackpotToday)) {
        const amount = ((member.balance * BigInt(between(random, 60, 90))) / 100n / 10000n) * 10000n;
        const createdAt = new Date(time.getTime() + between(random, 3, 15) * MINUTE);
        const paidAt = new Date(createdAt.getTime() + between(random, 15, 70) * MINUTE);
        if (amount > 0n && paidAt.getTime() < now.getTime() - 30 * MINUTE) {
          const bank = random() < 0.3;
          const name = member.nickname;
          plan.withdrawals.push({
            account: member.account,
            orderNo: orderNo('W', createdAt),
            amountMinor: amount,
            payout: bank
              ? {
                  kind: 'bank',
                  provider: 'Dutch-Bangla Bank',
                  accountName: name,
                  accountNumber: `105${digits(random, 10)}`,
                }
              : {
                  kind: 'ewallet',
                  provider: random() < 0.6 ? 'bKash' : 'Nagad',
                  accountName: name,
                  accountNumber: `0${member.mobileNum}`,
                },
            createdAt,
            paidAt,
          });
          member.balance -= amount;
        }
      }
    }
    plan.deposits.sort((a, b) => a.confirmedAt.getTime() - b.confirmedAt.getTime());
    plan.rounds.sort((a, b) => a.betAt.getTime() - b.betAt.getTime());
    days.push(plan);
  }
  for (const member of members) {
    member.lastLoginAt = member.lastSeen ?? (random() < 0.7 ? new Date(member.createdAt.getTime() + 5 * MINUTE) : null);
  }
  return {
    members: members.map(
      ({ activity: _a, scale: _s, plays: _p, jackpotDay: _j, balance: _b, lastSeen: _l, ...member }) => member,
    ),
    days,
  };
}
