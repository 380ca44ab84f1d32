// Run by object-shapes.test.ts in a child process started with --allow-natives-syntax: builds the whole portal,
// then reports whether two objects that get the same first key from `{}` still share V8's hidden class.
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';

const haveSameShape = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (a: object, b: object) => boolean;

/** Built the way Node builds a request's headers and Fastify a reply's: properties added one by one to `{}`. */
function objectWithKey(key: string): Record<string, string> {
  const object: Record<string, string> = {};
  object[key] = 'value';
  return object;
}

const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
const database = await openDatabase({ dataDir: 'memory://' });
await migrateToLatest(database);
const app = await buildApp({ config, database });
await app.ready();
// A key nothing in the portal has used yet, as a new request header name would be.
const key = `x-probe-${process.pid}`;
process.stdout.write(JSON.stringify({ shared: haveSameShape(objectWithKey(key), objectWithKey(key)) }));
await app.close();
await database.close();
