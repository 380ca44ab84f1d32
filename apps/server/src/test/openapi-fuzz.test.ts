import { sql } from 'kysely';
import RandExp from 'randexp';
import { describe, expect, it } from 'vitest';
import { useTestPortal } from './harness.ts';
import { bearer, nextIp, registered } from './members.ts';

// Every operation of the OpenAPI document gets malformed input: for each parameter and body field, wrong types,
// missing and extra fields, empty and 1 MB strings, NUL, a lone surrogate, NaN, ±Infinity, 1e309, negative and
// fractional-cent amounts, deep nesting and broken multipart, with the session its prefix calls for and without.
// Every answer must be below 500, and a refusal must come in the envelope, without a stack trace, having written
// nothing.
// New routes are covered as they are added: the operations are read from the document, not listed here.

const test = useTestPortal();

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  minProperties?: number;
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required?: boolean;
  schema?: Schema;
}

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | null;
  multipart: boolean;
}

interface Attempt {
  what: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Query and path values, as text (a lone surrogate and NUL percent-encoded as a client would send their bytes). */
const BAD_TEXT = [
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-1',
  '-0.01',
  '0.001',
  '%00',
  'a%00b',
  '%ED%A0%80',
  'x',
];
/** Body values: every JSON type, the special numbers as text, and text PostgreSQL cannot store. */
const BAD_JSON: unknown[] = [
  null,
  true,
  0,
  -1,
  0.001,
  1e300,
  '',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0.01',
  '0.001',
  'a\u0000b',
  '\ud800',
  MEGABYTE,
  [],
  ['x'],
  {},
  deeplyNested(200),
];
/** Bodies that are not the JSON they claim to be. */
const RAW_BODIES = ['{', '{"a":1e309}', '[1,2', 'null', '"\\ud800"', `{"a":"${'\\u0000'}"}`, `${'['.repeat(5000)}`];

function deeplyNested(depth: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

/** Examples of the formats the document's schemas name. */
const FORMATTED: Record<string, string> = {
  email: 'fuzz@example.com',
  'date-time': '2026-01-02T03:04:05.000Z',
  date: '2026-01-02',
  uri: 'https://example.com/x',
  uuid: '0e7f7c5a-3b1e-4b8e-9a57-2f4f4f0d9a11',
};

/**
 * Text a string schema accepts: its pattern's match (randexp, seeded so every run sends the same), its format's
 * example, or letters of an allowed length, so a spoiled neighbour is what the route refuses, not this field.
 */
function sampleText(schema: Schema): string {
  const min = Math.max(schema.minLength ?? 1, 1);
  const max = schema.maxLength ?? Math.max(min, 8);
  if (schema.format && FORMATTED[schema.format]) return FORMATTED[schema.format] as string;
  if (schema.pattern) {
    const generator = new RandExp(schema.pattern);
    generator.max = 4;
    let seed = 1;
    generator.randInt = (from: number, to: number) => {
      seed = (seed * 48271) % 2147483647;
      return from + (seed % (to - from + 1));
    };
    for (let i = 0; i < 20; i++) {
      const text = generator.gen();
      if (text.length >= min && text.length <= max && new RegExp(schema.pattern, 'u').test(text)) return text;
    }
  }
  return 'x'.repeat(Math.min(min, max));
}

/** A plausible value for a schema, from which one field at a time is spoiled. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return sample(options.find((option) => option.type !== 'null') ?? options[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Number.MAX_SAFE_INTEGER);
    case 'boolean':
      return true;
    case 'array':
      return [];
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const key of schema.required ?? []) value[key] = sample(schema.properties?.[key], depth + 1);
      // A change (PATCH) names at least one field it changes.
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (Object.keys(value).length >= (schema.minProperties ?? 0)) break;
        value[key] ??= sample(property, depth + 1);
      }
      return value;
    }
    default:
      return sampleText(schema);
  }
}

function operationsOf(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, value] of Object.entries(methods)) {
      const operation = value as {
        parameters?: Parameter[];
        requestBody?: { content?: Record<string, { schema?: Schema }> };
      };
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: content['application/json']?.schema ?? null,
        multipart: 'multipart/form-data' in content,
      });
    }
  }
  return operations;
}

/** The attempts for one operation: every parameter and field spoiled in turn, and the body as a whole. */
function attemptsFor(operation: Operation, session: Record<string, string>): Attempt[] {
  const query = Object.fromEntries(
    operation.parameters.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, String(sample(p.schema))]),
  );
  const pathValues = Object.fromEntries(
    operation.parameters
      .filter((p) => p.in === 'path')
      .map((p) => [p.name, encodeURIComponent(String(sample(p.schema)))]),
  );
  const body = operation.body ? (sample(operation.body) as Record<string, unknown>) : null;
  const build = (
    what: string,
    change: { query?: Record<string, string>; path?: Record<string, string>; body?: unknown; raw?: string },
  ) => {
    const path = operation.path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => change.path?.[name] ?? pathValues[name] ?? 'x',
    );
    const search = Object.entries(change.query ?? query)
      .map(([key, value]) => `${encodeURIComponent(key)}=${value}`)
      .join('&');
    const attempt: Attempt = {
      what: `${operation.method} ${operation.path} ${what}`,
      method: operation.method,
      url: search ? `${path}?${search}` : path,
      headers: { ...session, 'accept-language': 'en' },
    };
    if (change.raw !== undefined) {
      attempt.headers['content-type'] = 'application/json';
      attempt.payload = change.raw;
    } else if (change.body !== undefined || (body && operation.method !== 'GET')) {
      attempt.headers['content-type'] = 'application/json';
      attempt.payload = JSON.stringify(change.body !== undefined ? change.body : body);
    }
    return attempt;
  };

  const attempts: Attempt[] = [build('as sampled', {})];
  for (const parameter of operation.parameters) {
    if (parameter.in === 'query') {
      const { [parameter.name]: _, ...without } = query;
      attempts.push(build(`without ?${parameter.name}`, { query: without }));
      for (const value of [...BAD_TEXT, MEGABYTE]) {
        attempts.push(
          build(`?${parameter.name}=${value.slice(0, 12)}`, { query: { ...query, [parameter.name]: value } }),
        );
      }
      attempts.push(build(`?${parameter.name}[]`, { query: { ...query, [`${parameter.name}[]`]: 'x' } }));
    } else if (parameter.in === 'path') {
      for (const value of BAD_TEXT.filter((text) => text !== '')) {
        attempts.push(build(`/:${parameter.name}=${value}`, { path: { ...pathValues, [parameter.name]: value } }));
      }
    }
  }
  attempts.push(build('with an unknown query field', { query: { ...query, unknownField: '1' } }));
  if (operation.body && body && typeof body === 'object' && !Array.isArray(body)) {
    for (const value of BAD_JSON) attempts.push(build(`body=${JSON.stringify(value)?.slice(0, 20)}`, { body: value }));
    for (const raw of RAW_BODIES) attempts.push(build(`raw body ${raw.slice(0, 12)}`, { raw }));
    attempts.push(build('with an unknown field', { body: { ...body, unknownField: 1 } }));
    for (const key of Object.keys(operation.body.properties ?? {})) {
      const { [key]: _, ...without } = body;
      attempts.push(build(`without .${key}`, { body: without }));
      for (const value of BAD_JSON) {
        attempts.push(build(`.${key}=${JSON.stringify(value)?.slice(0, 20)}`, { body: { ...body, [key]: value } }));
      }
    }
  }
  if (operation.multipart) {
    for (const [contentType, payload] of [
      ['multipart/form-data', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--b--'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx'],
      ['multipart/form-data; boundary=b', 'not a form'],
      ['multipart/form-data; boundary=b', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\na\u0000b\r\n--b--'],
    ] as const) {
      const attempt = build(`broken multipart (${contentType})`, {});
      attempt.headers['content-type'] = contentType;
      attempt.payload = payload;
      attempts.push(attempt);
    }
  }
  return attempts;
}

/**
 * What a refused call must leave as it was: the books, and every table an operator or member changes on purpose.
 * Left out are the tables a refusal itself writes to (failure counters, audit of failed sign-ins, sessions' idle
 * clocks, codes and messages sent) and the 10,000 games (their switches are in `vendors` and `games` is only read).
 */
const KEPT_TABLES = [
  'journal_entries',
  'journal_lines',
  'ledger_accounts',
  'settings',
  'feature_flags',
  'banners',
  'notices',
  'help_sections',
  'domains',
  'vendors',
  'admin_users',
  'members',
  'member_identities',
  'payment_channels',
  'uploads',
  'deposit_orders',
  'payout_accounts',
  'withdrawals',
  'withdrawal_events',
  'withdrawal_proofs',
  'turnover_requirements',
  'favourite_games',
  'vendor_integrations',
  'game_sessions',
  'jackpot_pools',
  'card_rooms',
  'house_rounds',
  'lottery_games',
  'lottery_odds',
  'lottery_bets',
];

/**
 * Counts every change to a kept table from here on: a row trigger on each (an update only when the row's content
 * changes) adds one to a counter in the same transaction, so a write that is rolled back is not counted. Reading one
 * counter after each call costs a fraction of a millisecond; hashing the tables' contents took three quarters of the
 * test's time.
 */
async function countWrites(): Promise<void> {
  const db = test.portal.database.db;
  await sql`CREATE TABLE fuzz_writes (tbl text PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO fuzz_writes AS w (tbl, n) VALUES (TG_TABLE_NAME, 1)
        ON CONFLICT (tbl) DO UPDATE SET n = w.n + 1;
      RETURN NULL;
    END $$`.execute(db);
  for (const table of KEPT_TABLES) {
    await sql`CREATE TRIGGER fuzz_write_row AFTER INSERT OR DELETE ON ${sql.table(table)}
      FOR EACH ROW EXECUTE FUNCTION fuzz_count_write()`.execute(db);
    await sql`CREATE TRIGGER fuzz_change_row AFTER UPDATE ON ${sql.table(table)}
      FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION fuzz_count_write()`.execute(db);
  }
}

/** The kept tables' write counts, as text that changes whenever one of them is written. */
async function readState(): Promise<string> {
  const { rows } = await sql<{ tbl: string; n: string }>`SELECT tbl, n FROM fuzz_writes ORDER BY tbl`.execute(
    test.portal.database.db,
  );
  return rows.map((row) => `${row.tbl}:${row.n}`).join(' ');
}

function changed(before: string, after: string): string {
  const earlier = new Set(before.split(' '));
  return after
    .split(' ')
    .filter((table) => !earlier.has(table))
    .map((table) => table.split(':')[0])
    .join(', ');
}

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+/;

describe('every operation of the OpenAPI document', () => {
  it('answers malformed input below 500, refusing in the envelope, without a stack trace and without writing', async () => {
    const app = test.portal.app;
    const document = app.swagger() as unknown as { paths: Record<string, Record<string, unknown>> };
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(100);
    const member = await registered(app);
    await countWrites();
    // The counter sees a write to a kept table, and a write that is rolled back leaves it as it was.
    const db = test.portal.database.db;
    const writesTo = async (table: string) => new RegExp(`\\b${table}:(\\d+)`).exec(await readState())?.[1] ?? '0';
    await sql`UPDATE feature_flags SET enabled = enabled`.execute(db);
    expect(await writesTo('feature_flags')).toBe('0');
    await sql`INSERT INTO domains (domain_name, device) VALUES ('fuzz.invalid', 0)`.execute(db);
    await sql`DELETE FROM domains WHERE domain_name = 'fuzz.invalid'`.execute(db);
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`INSERT INTO domains (domain_name, device) VALUES ('fuzz.invalid', 3)`.execute(trx);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await writesTo('domains')).toBe('2');
    let state = await readState();
    const failures: string[] = [];
    let sent = 0;
    /** Operations whose unspoiled request got past validation (how deep the walk reaches), and the others. */
    let sampledValid = 0;
    const refusedAsSampled: string[] = [];
    for (const operation of operations) {
      const session = operation.path.startsWith('/admin/') ? test.admin : bearer(member.token);
      const attempts = [...attemptsFor(operation, session), ...attemptsFor(operation, {}).slice(0, 40)];
      for (const attempt of attempts) {
        const response = await app.inject({
          method: attempt.method as 'GET',
          url: attempt.url,
          headers: attempt.headers,
          remoteAddress: nextIp(),
          ...(attempt.payload === undefined ? {} : { payload: attempt.payload }),
        });
        sent++;
        const text = response.body;
        if (attempt === attempts[0]) {
          if (text.includes('"code":"VALIDATION"')) refusedAsSampled.push(`${operation.method} ${operation.path}`);
          else sampledValid++;
        }
        const problem =
          response.statusCode >= 500
            ? `answered ${response.statusCode}`
            : STACK_TRACE.test(text)
              ? 'showed a stack trace'
              : response.statusCode >= 400 &&
                  !attempt.url.startsWith('/vendor/') &&
                  String(response.headers['content-type']).startsWith('application/json') &&
                  !/^\{"success":false,"code":"[A-Z_]+"/.test(text)
                ? 'refused outside the envelope'
                : null;
        if (problem) failures.push(`${attempt.what}: ${problem} ${text.slice(0, 160)}`);
        // An accepted call may write (a trial account gets its demo balance); a refused one writes nothing.
        const after = await readState();
        if (response.statusCode >= 400 && after !== state) {
          failures.push(`${attempt.what}: wrote although refused with ${response.statusCode} ${changed(state, after)}`);
        }
        state = after;
      }
    }
    console.log(
      `OpenAPI fuzz: ${operations.length} operations, ${sent} requests, ${failures.length} failures; ` +
        `${sampledValid} operations' unspoiled requests passed validation; refused: ${refusedAsSampled.join(', ')}`,
    );
    for (const failure of failures.slice(0, 300)) console.log(failure);
    expect(failures).toEqual([]);
  }, 600_000);
});
