// The demo studio on its own port: `npm start` runs it beside the portal (DEMO_STUDIO=false turns it off).
import path from 'node:path';
import { buildStudio } from './app.ts';
import { Catalogue } from './catalogue.ts';
import { connectVendors } from './connect.ts';
import { LIVE_SCHEDULES } from './engines/live-tables.ts';
import { Journal } from './journal.ts';
import { RoundKeeper } from './rounds.ts';
import { SportsBook } from './sports-book.ts';
import { TransferWallet } from './transfer-wallet.ts';
import { httpTransport, VendorClient } from './vendor-client.ts';
import {
  launchTargetOf,
  launchUrlOf,
  loadSecrets,
  STUDIO_VENDORS,
  TRANSFER_VENDORS,
  transferUrlOf,
} from './vendors.ts';

const env = process.env;
const portalPort = Number(env.PORT ?? 3000);
const port = Number(env.STUDIO_PORT ?? portalPort + 1);
const portalUrl = env.PORTAL_URL ?? `http://127.0.0.1:${portalPort}`;
const publicUrl = env.STUDIO_PUBLIC_URL ?? `http://127.0.0.1:${port}`;
const dataDir = path.resolve(env.DATA_DIR ?? './data', 'demo-studio');
const log = (message: string, detail?: unknown) =>
  console.log(`[demo studio] ${message}${detail === undefined ? '' : ` ${JSON.stringify(detail)}`}`);

// A subset of the vendors to connect (tests connect one); all of them unless told.
const ALL_VENDORS: readonly string[] = [...STUDIO_VENDORS, ...TRANSFER_VENDORS];
const codes = env.STUDIO_VENDORS
  ? env.STUDIO_VENDORS.split(',').filter((code) => ALL_VENDORS.includes(code))
  : ALL_VENDORS;
const secrets = loadSecrets(path.join(dataDir, 'secrets.json'), ALL_VENDORS);
const currency = env.STUDIO_CURRENCY ?? 'BDT';
const journal = new Journal(path.join(dataDir, 'rounds.jsonl'));
const client = new VendorClient({
  transport: httpTransport(portalUrl, Number(env.STUDIO_CALL_TIMEOUT_MS ?? 5_000)),
  secretOf: (code) => secrets[code] ?? '',
});
const rounds = new RoundKeeper(client, journal, log);
// Faster matches for tests and demos: STUDIO_MATCH_MS="<ms between kick-offs>:<ms a match lasts>" for every sport.
const pace = /^(\d{3,9}):(\d{3,9})$/.exec(env.STUDIO_MATCH_MS ?? '');
const schedule = pace ? { startMs: 0, intervalMs: Number(pace[1]), durationMs: Number(pace[2]) } : null;
const wallet = new TransferWallet(path.join(dataDir, 'transfer-wallets.jsonl'));
const sportsBook = new SportsBook({
  rounds,
  wallet,
  transferCodes: TRANSFER_VENDORS,
  // Fixes the fixtures and their results across restarts.
  secret: loadSecrets(path.join(dataDir, 'book.json'), ['sports']).sports ?? '',
  file: path.join(dataDir, 'sports-bets.jsonl'),
  ...(schedule ? { schedules: { cricket: schedule, football: schedule, esports: schedule } } : {}),
  log,
});
// The live tables' and the pit's seed secret: kept, so bets left open by a stop settle from the same results.
/** Short live rounds for browser journeys (STUDIO_FAST_TABLES=1): 8 s of betting, 14 s a round. */
const fastRound = {
  startMs: LIVE_SCHEDULES.baccarat.startMs,
  bettingMs: 8_000,
  closedMs: 1_000,
  resultMs: 3_000,
  settledMs: 2_000,
};
const FAST_TABLES = { baccarat: fastRound, roulette: fastRound };
const tableSecret = loadSecrets(path.join(dataDir, 'tables.json'), ['TABLES']).TABLES as string;
// listen() starts the tables' settlement driver; app.close() stops it.
const app = buildStudio({
  client,
  rounds,
  catalogue: new Catalogue(portalUrl),
  sportsBook,
  transfer: { wallet, codes: TRANSFER_VENDORS, secretOf: (code) => secrets[code] ?? '', currency },
  tables: { secret: tableSecret, schedules: env.STUDIO_FAST_TABLES === '1' ? FAST_TABLES : undefined },
});
await app.listen({ port, host: env.STUDIO_HOST ?? '127.0.0.1' });
log(`listening on ${publicUrl} for the portal at ${portalUrl}`);
// Sports bets whose matches ended while the studio was stopped are settled at once, then as matches end.
sportsBook.start();

// In the background: start-up does not wait for the portal.
void (async () => {
  try {
    const connected = await connectVendors({
      portalUrl,
      adminUser: env.ADMIN_USER ?? 'admin',
      adminPassword: env.ADMIN_PASSWORD,
      codes,
      secrets,
      currency,
      launchUrlOf: (code) => launchUrlOf(publicUrl, code),
      transferUrlOf: (code) =>
        (TRANSFER_VENDORS as readonly string[]).includes(code) ? transferUrlOf(publicUrl, code) : null,
      launchTargetOf,
      stateFile: path.join(dataDir, 'connected.json'),
      log,
    });
    if (connected.length > 0) log(`connected as ${connected.join(', ')}`);
    const recovered = await rounds.recover();
    if (recovered.paid + recovered.rolledBack + recovered.pending > 0) log('rounds left open finished', recovered);
  } catch (error) {
    log(`could not connect to the portal: ${(error as Error).message}`);
  }
})();

// Rounds whose win or rollback went unanswered are sent again until the portal answers.
const resend = setInterval(() => {
  rounds.recover().catch((error: unknown) => log(`resending open rounds failed: ${(error as Error).message}`));
}, 15_000);
resend.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    clearInterval(resend);
    void app.close().finally(() => {
      journal.close();
      sportsBook.close();
      wallet.close();
      process.exit(0);
    });
  });
}
