import { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoAccounts } from './db/seed/accounts.ts';
import { seedDemoContracts } from './db/seed/contracts.ts';
import { hasGames, seedDemoGames } from './db/seed/games.ts';
import { seedIfEmpty } from './db/seed/index.ts';
import { seedDemoChannels } from './db/seed/payments.ts';
import { seedDemoTeam } from './db/seed/team.ts';
import { shutDown } from './shutdown.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
  listenUrl: config.DATABASE_LISTEN_URL,
  poolSize: config.DATABASE_POOL_SIZE,
  acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS,
  dataDir: config.DATA_DIR,
});
await migrateToLatest(database);
const seeded = await seedIfEmpty(database.db);
const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: false })
  : undefined;
const app = await buildApp({ config, database, redis });

if (seeded && config.SEED_DEMO) {
  await seedDemoAccounts(app.services.members, app.services.wallet);
  await seedDemoChannels(app.services.channels, config.PAYMENT_SANDBOX);
  const started = performance.now();
  const team = await seedDemoTeam(database.db, {
    deposits: app.services.deposits,
    withdrawals: app.services.withdrawals,
    seamless: app.seamless,
  });
  app.log.info({ ...team, ms: Math.round(performance.now() - started) }, 'demo team loaded');
  // Settled by the contract jobs' catch-up once the app is ready.
  app.log.info({ contracts: await seedDemoContracts(database.db) }, 'demo contracts loaded');
}
// Also on a demo database made before the catalogue existed.
if (config.SEED_DEMO && !(await hasGames(database.db))) {
  app.log.info({ games: await seedDemoGames(database.db) }, 'demo games loaded');
}

const unenforcedCountries = await app.services.system.unenforcedCountries();
if (unenforcedCountries.length > 0) {
  app.log.warn(
    { countries: unenforcedCountries },
    'regionBlock lists countries but GEOIP_DB is not set: they are not blocked, only the IP ranges are',
  );
}

const generatedPassword = await app.services.admins.ensureFirstAdmin(config.ADMIN_USER, config.ADMIN_PASSWORD);
if (generatedPassword) {
  // Printed once, on the start that created the operator; it is stored only as an argon2id hash.
  console.log(`\nFirst operator account created: ${config.ADMIN_USER} / ${generatedPassword}\n`);
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS }, 'shutting down');
  const exitCode = await shutDown(
    async () => {
      await app.close();
      redis?.disconnect();
      await database.close();
    },
    config.SHUTDOWN_TIMEOUT_MS,
    app.log,
  );
  process.exit(exitCode);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
const where = database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL';
console.log(`Portal running at http://localhost:${config.PORT} (${where}${seeded ? ', demo data loaded' : ''})`);
