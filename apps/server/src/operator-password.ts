// `npm run operator:password -- <operator> [--clear-totp]`: sets a forgotten operator password on the server itself.
// The new password is NEW_PASSWORD when set, else generated and printed once. Every session of the operator ends,
// a sign-in lock lifts, and the reset is written to the audit log; --clear-totp also removes the authenticator app.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { createEphemeralStore } from './http/ephemeral-store.ts';
import { AdminService, OPERATOR_PASSWORD_MIN } from './modules/admin/service.ts';
import { createAuditRecorder } from './modules/audit/service.ts';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { 'clear-totp': { type: 'boolean' } } });
const [username] = positionals;
if (!username || positionals.length > 1) {
  console.error('usage: npm run operator:password -- <operator name> [--clear-totp]');
  process.exit(2);
}
const chosen = process.env.NEW_PASSWORD;
if (chosen !== undefined && chosen.trim().length < OPERATOR_PASSWORD_MIN) {
  console.error(`NEW_PASSWORD must have at least ${OPERATOR_PASSWORD_MIN} characters`);
  process.exit(2);
}
const password = chosen ?? randomBytes(12).toString('base64url');

const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  schema: config.DATABASE_SCHEMA,
  poolSize: 2,
  dataDir: config.DATA_DIR,
});
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
// Set explicitly at the end: something in the embedded database's shutdown resets process.exitCode.
let exitCode = 0;
try {
  const { db } = database;
  const admins = new AdminService(db, createAuditRecorder(db), createEphemeralStore(redis, 'portal:', db));
  const done = await admins.resetPassword(username, password, { clearTotp: values['clear-totp'] === true });
  if (!done) {
    console.error(`no operator named ${username}`);
    exitCode = 1;
  } else {
    console.log(`operator ${username}: password set, ${done.endedSessions} session(s) ended`);
    if (chosen === undefined) console.log(`new password: ${password}`);
  }
} finally {
  redis?.disconnect();
  await database.close();
}
process.exit(exitCode);
