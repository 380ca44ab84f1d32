// `npm run reconcile`: proves the books of the configured database (the same check as GET /admin/api/ledger/reconcile).
// Exits 0 when every entry balances and every stored balance equals the sum of its lines, 1 otherwise.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { Ledger } from './modules/wallet/ledger.ts';

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
  poolSize: 2,
  dataDir: config.DATA_DIR,
});
// Exits explicitly: the embedded database's shutdown resets process.exitCode, which hid a failed check.
let exitCode = 1;
try {
  const result = await new Ledger(database.db).reconcile();
  console.log(JSON.stringify({ ...result, total: result.total.toString() }, null, 2));
  exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
process.exit(exitCode);
