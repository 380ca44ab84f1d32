import { HOUSE_VENDOR } from '@portal/shared/house-games';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { OperatorAuthenticator } from '../../common/request-identity.ts';
import type { Database } from '../../db/schema.ts';
import type { SharedCaches } from '../../http/shared-caches.ts';
import type { JobScheduler } from '../../jobs/jobs.ts';
import type { AuditRecorder } from '../audit/service.ts';
import type { CatalogueAdmin } from '../games/catalogue-admin.ts';
import type { GameCatalogue } from '../games/service.ts';
import { injectTransport, SeamlessClient } from '../seamless/client.ts';
import type { SeamlessService } from '../seamless/service.ts';
import type { Ledger } from '../wallet/ledger.ts';
import { houseAdminRoutes } from './admin-routes.ts';
import { HouseAdmin } from './house-admin.ts';
import { installHouseGames } from './install.ts';
import { Jackpot } from './jackpot.ts';
import { houseLauncher } from './launcher.ts';
import { DiceSeeds } from './play/dice-seeds.ts';
import { gamesByKind, houseGameSet } from './play/games.ts';
import { CardRooms } from './rooms.ts';
import { HouseRounds } from './rounds.ts';
import { houseGameRoutes } from './routes.ts';

export type HouseGames = Awaited<ReturnType<typeof registerHouseGames>>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The house games: for tests and benchmarks to drive their rounds and sweeps. */
    houseGames: HouseGames;
  }
}

/** How long a round may sit between steps before the sweep finishes it. */
const SWEEP_AFTER_MS = 30_000;
const FINISH_ROUNDS = 'house-games.finish-rounds';

/**
 * The portal's own game vendor: installs its catalogue rows and wallet integration, serves its game server's API,
 * finishes stuck rounds in the background, and returns the launcher for its games. Its wallet calls go through
 * this app's own seamless-wallet API (in process, signed with the HOUSE secret), as any vendor's do over HTTP.
 */
export async function registerHouseGames(
  app: FastifyInstance,
  {
    db,
    ledger,
    seamless,
    admins,
    audit,
    catalogue,
    catalogueAdmin,
    caches,
    jobs,
    sweepEveryMs,
  }: {
    db: Kysely<Database>;
    ledger: Ledger;
    seamless: SeamlessService;
    admins: OperatorAuthenticator;
    audit: AuditRecorder;
    catalogue: GameCatalogue;
    catalogueAdmin: CatalogueAdmin;
    caches: SharedCaches;
    jobs: JobScheduler;
    /** Window of the job that finishes stuck rounds. */
    sweepEveryMs: number;
  },
) {
  await installHouseGames(db, ledger, catalogueAdmin, seamless);
  const transport = injectTransport(app);
  const wallet = async () => {
    const vendor = await seamless.vendor(HOUSE_VENDOR);
    return new SeamlessClient({ vendorCode: HOUSE_VENDOR, secret: vendor.secret, transport });
  };
  const clearing = (currency: string) => seamless.clearingAccount(HOUSE_VENDOR, currency);
  const jackpot = new Jackpot(db, ledger, caches);
  const seeds = new DiceSeeds(db);
  const rounds = new HouseRounds(db, wallet, jackpot, clearing);
  const rooms = new CardRooms(catalogue, db, caches);
  const games = houseGameSet(seeds, rooms);
  await app.register(houseGameRoutes, { rounds, jackpot, seeds, games, rooms });
  await app.register(houseAdminRoutes, {
    admins,
    admin: new HouseAdmin(db, audit, jackpot, rooms),
    jackpot,
    rooms,
  });

  const byKind = gamesByKind(games);
  const sweep = (olderThanMs = SWEEP_AFTER_MS) => rounds.sweep(olderThanMs, byKind);
  // Each run finishes every round stuck up to now, so after downtime only the newest missed window needs to run.
  jobs.define(FINISH_ROUNDS, () => sweep());
  jobs.every(FINISH_ROUNDS, { everyMs: sweepEveryMs, catchUp: 1 });

  return { launcher: houseLauncher(seamless), rounds, jackpot, sweep, wallet, clearing };
}
