import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuditRecorder } from '../../common/audit.ts';
import { REAL_CURRENCY } from '../../common/currencies.ts';
import type { MemberAuthenticator, OperatorAuthenticator } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import type { JobScheduler } from '../../jobs/jobs.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { LotteryAdmin } from './admin.ts';
import { lotteryAdminRoutes } from './admin-routes.ts';
import { LotteryBets } from './bets.ts';
import { LotteryCatalogue } from './catalogue.ts';
import { LotteryChases } from './chases.ts';
import { LotteryDraws, type SettleSender } from './draws.ts';
import { LotteryMenus } from './menus.ts';
import { lotteryRoutes } from './routes.ts';
import { LotterySettlement } from './settlement.ts';
import { DemoResultsFeed } from './vn-feed.ts';
import { VnLottery, type VnResultsMode } from './vn-lottery.ts';
import { vnAdminRoutes, vnRoutes } from './vn-routes.ts';
import { LotteryWinners } from './winners.ts';

export type Lottery = Awaited<ReturnType<typeof registerLottery>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The lottery: for tests and benchmarks to drive its draws and settlements. */
    lottery: Lottery;
  }
}

export const LOTTERY_TICK = 'lottery.tick';
export const LOTTERY_SETTLE = 'lottery.settle';
/** How often the job opens, locks and draws; bets are refused at the lock time itself, whenever the job runs. */
const TICK_MS = 5_000;

/**
 * The fast e-lottery: its games and odds, draws opened, locked and drawn by a periodic job, each drawn draw settled
 * by a job of its own keyed by the draw (sent in the transaction that draws it), and bets through the wallet's ledger.
 */
export async function registerLottery(
  app: FastifyInstance,
  {
    db,
    ledger,
    jobs,
    auth,
    admins,
    audit,
    vnResults,
    accounts,
    cacheMs,
    now = Date.now,
  }: {
    db: Kysely<Database>;
    ledger: Ledger;
    jobs: JobScheduler;
    auth: MemberAuthenticator;
    /** The operators (who set odds, cancel draws, enter and confirm Vietnamese results) and the audit log. */
    admins: OperatorAuthenticator;
    audit: AuditRecorder;
    /** Where the Vietnamese results come from: the demo source, or operators' entry. */
    vnResults: VnResultsMode;
    /** Members' account names by id, for the winner board (the members module's table). */
    accounts: (memberIds: string[]) => Promise<Map<string, string>>;
    /** How long the winner board keeps an answer (the content cache time). */
    cacheMs: number;
    now?: () => number;
  },
) {
  const catalogue = new LotteryCatalogue(db);
  // The lottery's house account is opened at start-up, so that no bet or settlement opens it on its way.
  const houseId = await ledger.systemAccount('lottery:house:bdt', 'house', REAL_CURRENCY);
  const house = async () => houseId;
  const settlement = new LotterySettlement(db, ledger, catalogue, house);
  const sendSettle: SettleSender = (trx, drawId) =>
    jobs.send(LOTTERY_SETTLE, { drawId }, { key: `lottery-settle:${drawId}`, db: trx });
  const draws = new LotteryDraws(db, catalogue, sendSettle, now);
  const vnFeed = new DemoResultsFeed(async (game, numero) => {
    const draw = await db
      .selectFrom('lottery_draws')
      .select('server_seed')
      .where('game_code', '=', game)
      .where('numero', '=', numero)
      .executeTakeFirst();
    return draw?.server_seed ?? null;
  });
  const vn = new VnLottery(db, catalogue, draws, vnFeed, vnResults, sendSettle, audit, now);
  const bets = new LotteryBets(db, ledger, catalogue, house, now);
  const chases = new LotteryChases(db, ledger, catalogue, house, now);
  const menus = new LotteryMenus(catalogue, draws, bets, now);
  const winners = new LotteryWinners(db, catalogue, accounts, cacheMs);

  // Each pass handles everything due up to now, so after downtime only the newest missed window needs to run.
  jobs.define(LOTTERY_TICK, async () => ({ ...(await draws.tick()), vn: await vn.tick() }));
  jobs.every(LOTTERY_TICK, { everyMs: TICK_MS, catchUp: 1 });
  jobs.define<{ drawId: string }>(LOTTERY_SETTLE, async (job) => {
    const { settled, paid, complete } = await settlement.settle(job.payload.drawId);
    if (!complete) throw new Error(`draw ${job.payload.drawId} still has bets pending; retrying`);
    return { settled, paid: paid.toString() };
  });

  const admin = new LotteryAdmin(db, audit, catalogue, sendSettle);

  await app.register(lotteryRoutes, { auth, catalogue, draws, bets, chases, menus, vn, winners });
  await app.register(lotteryAdminRoutes, { admins, admin });
  await app.register(vnRoutes, { vn, draws });
  await app.register(vnAdminRoutes, { admins, vn });
  return { catalogue, draws, bets, chases, settlement, menus, admin, vn, winners };
}
