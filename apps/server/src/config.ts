import path from 'node:path';
import Type, { type Static } from 'typebox';
import { Value } from 'typebox/value';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const ConfigSchema = Type.Object({
  PORT: Type.Integer({ minimum: 0, maximum: 65535, default: 3000 }),
  HOST: Type.String({ default: '0.0.0.0' }),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  /** At most 43 characters: the job queues live beside it in `<schema>_pgboss`, and pg-boss takes 50 at most. */
  DATABASE_SCHEMA: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]{0,42}$' })),
  /**
   * Without Redis, nodes hear of each other's changes over LISTEN on a connection of their own; it needs a session of
   * its own, so where DATABASE_URL goes through a pooler in transaction mode (PgBouncer) this names PostgreSQL itself.
   */
  DATABASE_LISTEN_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://' })),
  DATABASE_POOL_SIZE: Type.Integer({ minimum: 1, maximum: 200, default: 20 }),
  /** A call that finds every pooled connection busy for this long is answered 503 instead of waiting on. */
  DATABASE_ACQUIRE_TIMEOUT_MS: Type.Integer({ minimum: 50, maximum: 60_000, default: 2000 }),
  DATA_DIR: Type.String({ default: './data' }),
  /** On SIGTERM or SIGINT, a shutdown still unfinished after this long (a hung database call) exits with code 1. */
  SHUTDOWN_TIMEOUT_MS: Type.Integer({ minimum: 100, maximum: 600_000, default: 10_000 }),
  REDIS_URL: Type.Optional(Type.String({ pattern: '^rediss?://' })),
  ADMIN_USER: Type.String({ default: 'admin', minLength: 3, maxLength: 32 }),
  ADMIN_PASSWORD: Type.Optional(Type.String({ minLength: 8, maxLength: 128 })),
  TRUST_PROXY: Type.Boolean({ default: false }),
  GEOIP_DB: Type.Optional(Type.String()),
  WEB_DIST: Type.String({ default: path.resolve(import.meta.dirname, '../../web/dist') }),
  LOG_LEVEL: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { default: 'info' },
  ),
  /** How often an idle node looks for background jobs that another node queued (its own wake it at once). */
  JOBS_POLL_MS: Type.Integer({ minimum: 500, maximum: 60_000, default: 2000 }),
  /** Window of the wallet's jobs that expire unpaid deposit orders and count unconfirmed payouts as received. */
  WALLET_SWEEP_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, multipleOf: 1000, default: 30_000 }),
  /**
   * Length of a daily-wage window: a Dhaka day. Tests and demos may shorten it (at least a minute) to watch the
   * settlement job pay without waiting for midnight; the statements then cover that length.
   */
  CONTRACT_DAILY_WAGE_WINDOW_MS: Type.Integer({
    minimum: 60_000,
    maximum: 86_400_000,
    multipleOf: 1000,
    default: 86_400_000,
  }),
  /** How long after a contract window ends its settlement starts, so that every posting inside it has committed. */
  CONTRACT_SETTLE_DELAY_MS: Type.Integer({ minimum: 61_000, maximum: 600_000, multipleOf: 1000, default: 120_000 }),
  TEAM_ROLLUP_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, multipleOf: 1000, default: 30_000 }),
  /** Window of the house games' job that finishes rounds left between steps for 30 s or more. */
  HOUSE_SWEEP_MS: Type.Integer({ minimum: 1000, maximum: 3_600_000, multipleOf: 1000, default: 10_000 }),
  /**
   * Where the Vietnamese lottery's results come from: 'demo' draws them from each draw's committed seed (labelled demo,
   * for deployments that reach no official feed); 'operator' waits for an operator's entry and a second operator's
   * confirmation.
   */
  LOTTERY_VN_RESULTS: Type.Union([Type.Literal('demo'), Type.Literal('operator')], { default: 'demo' }),
  SETTINGS_CACHE_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 5000 }),
  CONTENT_CACHE_MS: Type.Integer({ minimum: 0, maximum: 600_000, default: 3000 }),
  /**
   * How long a node trusts a session it read without reading it again (changes made by the portal apply at once).
   * With Redis or the embedded database only: on PostgreSQL without Redis every request reads its session.
   */
  SESSION_RECHECK_MS: Type.Integer({ minimum: 0, maximum: 60_000, default: 5000 }),
  /** Address of the portal as players reach it; e-mailed links point here (never at a request's Host header). */
  PUBLIC_URL: Type.String({ pattern: '^https?://[^\\s/]+$', default: 'http://localhost:3000' }),
  /**
   * Other origins whose pages may open the portal's WebSocket (comma-separated, e.g. an app shell's); the portal's
   * own address and the host a request was sent to are always allowed.
   */
  ALLOWED_ORIGINS: Type.String({ pattern: '^(https?://[^\\s/,]+(,https?://[^\\s/,]+)*)?$', default: '' }),
  /** Load the demo player and demo agent into an empty database. */
  SEED_DEMO: Type.Boolean({ default: true }),
  /** How long an account or address stays locked after too many failed logins. */
  LOGIN_LOCK_MS: Type.Integer({ minimum: 1000, maximum: 86_400_000, default: 900_000 }),
  SMS_HTTP_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  SMS_HTTP_TOKEN: Type.Optional(Type.String()),
  SMTP_URL: Type.Optional(Type.String({ pattern: '^smtps?://' })),
  MAIL_FROM: Type.String({ default: 'Portal <no-reply@localhost>' }),
  /** Social sign-in over OpenID Connect; a provider is offered when its client id and secret are set. */
  SOCIAL_GOOGLE_CLIENT_ID: Type.Optional(Type.String()),
  SOCIAL_GOOGLE_CLIENT_SECRET: Type.Optional(Type.String()),
  SOCIAL_GOOGLE_ISSUER: Type.String({ pattern: '^https?://', default: 'https://accounts.google.com' }),
  SOCIAL_FACEBOOK_CLIENT_ID: Type.Optional(Type.String()),
  SOCIAL_FACEBOOK_CLIENT_SECRET: Type.Optional(Type.String()),
  SOCIAL_FACEBOOK_ISSUER: Type.String({ pattern: '^https?://', default: 'https://www.facebook.com' }),
  /**
   * The sandbox payment gateway (test money): its payment page completes payments on request, so it must never be
   * on where real players deposit. `npm start` turns it on for the demo.
   */
  PAYMENT_SANDBOX: Type.Boolean({ default: false }),
  /** Secret the sandbox gateway signs its callbacks with; a random one per process when absent. */
  PAYMENT_SANDBOX_SECRET: Type.Optional(Type.String({ minLength: 16 })),
  /** Allow an identity provider on plain http (a local test provider only). */
  SOCIAL_ALLOW_HTTP: Type.Boolean({ default: false }),
});

export type Config = Static<typeof ConfigSchema>;

/** Reads every setting from the environment, fills defaults, and refuses invalid values at start. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const known = Object.keys(ConfigSchema.properties);
  const input: Record<string, unknown> = {};
  for (const key of known) {
    const raw = env[key];
    if (raw !== undefined && raw !== '') input[key] = raw;
  }
  const converted = Value.Convert(ConfigSchema, Value.Default(ConfigSchema, input));
  const errors = [...Value.Errors(ConfigSchema, converted)];
  if (errors.length > 0) {
    const detail = errors.map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ');
    throw new Error(`Invalid configuration: ${detail}`);
  }
  return converted as Config;
}
