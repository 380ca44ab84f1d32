import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import type { BroadcastTransport, Subscriber } from '../http/broadcast.ts';
import { preparedAs } from './connection.ts';
import type { Database } from './schema.ts';

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more; batches are cut into payloads of at most this. */
const PAYLOAD_LIMIT_BYTES = 7_900;
/** Channel names are identifiers: longer ones are replaced by a hash. */
const NAME_LIMIT_BYTES = 63;
const RECONNECT_FIRST_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export interface NotificationsOptions {
  connectionString: string;
  /** LISTEN and NOTIFY reach the whole database; channels are named per schema, as each portal has its own. */
  schema?: string;
  /** The pool that NOTIFYs go through (the listening connection may be away when a change is published). */
  db: Kysely<Database>;
}

/**
 * Broadcasts over PostgreSQL LISTEN/NOTIFY, for API nodes that share a database but no Redis.
 *
 * The listening connection is a client of its own: a pooled one would be handed to other work and lose its LISTENs.
 * When it drops, it is opened again with growing pauses (0.1 s doubling to 5 s) and LISTENs again; messages sent
 * meanwhile are lost, so every subscriber is then told to resync (drop everything it keeps). Messages published in
 * the same turn of the event loop, or while the previous statement is out, leave together, as one statement with one
 * NOTIFY per channel (several when they fill more than one payload): a burst of balance news costs one round trip,
 * not one per bet. A message holds no line break (it separates the messages of a payload) and fits a payload alone.
 */
export class PostgresNotifications implements BroadcastTransport {
  readonly kind = 'postgres';
  /** Told of a lost connection, a failed reconnection and a failed send (the app logs them). */
  onError: (error: unknown, what: string) => void = () => {};
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private batch: Map<string, Set<string>> | null = null;
  private sent: Promise<void> = Promise.resolve();
  /** LISTEN and UNLISTEN one after the other: a pg client runs one command at a time. */
  private commands: Promise<unknown> = Promise.resolve();
  private retryMs = RECONNECT_FIRST_MS;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(private readonly options: NotificationsOptions) {}

  async subscribe(channel: string, subscriber: Subscriber): Promise<() => Promise<void>> {
    const name = this.channelName(channel);
    const subscribers = this.subscribers.get(name) ?? new Set();
    this.subscribers.set(name, subscribers);
    subscribers.add(subscriber);
    try {
      await this.command(await this.connection(), 'LISTEN', name);
    } catch (error) {
      this.forget(name, subscriber);
      throw error;
    }
    return async () => {
      if (!this.forget(name, subscriber) || !this.client) return;
      await this.command(this.client, 'UNLISTEN', name).catch(() => {});
    };
  }

  publish(channel: string, message: string): Promise<void> {
    if (message.includes('\n') || Buffer.byteLength(message) > PAYLOAD_LIMIT_BYTES) {
      return Promise.reject(new Error('a broadcast message must be one line that fits a NOTIFY payload'));
    }
    if (!this.batch) {
      const batch = new Map<string, Set<string>>();
      this.batch = batch;
      // One NOTIFY statement at a time: what is published while one is out leaves with the next. Each is a commit,
      // and NOTIFYing transactions commit one after another (PostgreSQL's notification queue lock), so under load
      // a statement per turn of the event loop would queue commits; a quiet node still sends at once.
      this.sent = this.sent
        .catch(() => {})
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => {
          this.batch = null;
          return this.send(batch);
        });
    }
    const name = this.channelName(channel);
    const messages = this.batch.get(name) ?? new Set();
    this.batch.set(name, messages.add(message));
    return this.sent;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async send(batch: Map<string, Set<string>>): Promise<void> {
    const channels: string[] = [];
    const payloads: string[] = [];
    for (const [name, messages] of batch) {
      for (const payload of payloadsOf(messages)) {
        channels.push(name);
        payloads.push(payload);
      }
    }
    try {
      await sql`${preparedAs('notify')}SELECT pg_notify(c, p) FROM unnest(${channels}::text[], ${payloads}::text[]) AS t(c, p)`.execute(
        this.options.db,
      );
    } catch (error) {
      this.onError(error, 'NOTIFY failed');
      throw error;
    }
  }

  private command(client: pg.Client, command: 'LISTEN' | 'UNLISTEN', name: string): Promise<unknown> {
    const run = () => client.query(`${command} ${client.escapeIdentifier(name)}`);
    const result = this.commands.then(run, run);
    this.commands = result.catch(() => {});
    return result;
  }

  /** Drops a subscriber; true when its channel has none left. */
  private forget(name: string, subscriber: Subscriber): boolean {
    const subscribers = this.subscribers.get(name);
    if (!subscribers?.delete(subscriber) || subscribers.size > 0) return false;
    this.subscribers.delete(name);
    return true;
  }

  private connection(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error('notifications are closed'));
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async open(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      application_name: 'portal-notifications',
      // A connection that died without a word (a cut network) is found by the kernel's probes.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('notification', ({ channel, payload }) => this.deliver(channel, payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('the listening connection ended')));
    try {
      await client.connect();
      for (const name of this.subscribers.keys()) await this.command(client, 'LISTEN', name);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => {});
      throw new Error('notifications are closed');
    }
    this.client = client;
    return client;
  }

  private lost(client: pg.Client, error: Error) {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.onError(error, 'the listening connection was lost');
    client.end().catch(() => {});
    this.reconnectLater();
  }

  private reconnectLater() {
    if (this.closed || this.retry) return;
    const delay = this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, RECONNECT_MAX_MS);
    this.retry = setTimeout(() => {
      this.retry = undefined;
      this.connection().then(
        () => {
          this.retryMs = RECONNECT_FIRST_MS;
          for (const subscribers of this.subscribers.values()) {
            for (const subscriber of subscribers) this.safely(() => subscriber.resynced());
          }
        },
        (error) => {
          if (this.closed) return;
          this.onError(error, 'reconnecting the listening connection failed');
          this.reconnectLater();
        },
      );
    }, delay);
    this.retry.unref();
  }

  private deliver(name: string, payload: string) {
    const subscribers = this.subscribers.get(name);
    if (!subscribers) return;
    for (const message of payload.split('\n')) {
      for (const subscriber of subscribers) this.safely(() => subscriber.message(message));
    }
  }

  /** A subscriber's failure must not reach the connection's event handlers (an exception there ends the process). */
  private safely(run: () => void) {
    try {
      run();
    } catch (error) {
      this.onError(error, 'a broadcast subscriber failed');
    }
  }

  private channelName(channel: string): string {
    const name = `${this.options.schema ?? 'public'}:${channel}`;
    return Buffer.byteLength(name) <= NAME_LIMIT_BYTES
      ? name
      : `h:${createHash('sha256').update(name).digest('hex').slice(0, 40)}`;
  }
}

/** The messages joined by line breaks into as few payloads as fit. */
function payloadsOf(messages: Iterable<string>): string[] {
  const payloads: string[][] = [];
  let bytes = Number.POSITIVE_INFINITY;
  for (const message of messages) {
    const size = Buffer.byteLength(message);
    if (bytes + 1 + size > PAYLOAD_LIMIT_BYTES) {
      payloads.push([]);
      bytes = -1;
    }
    payloads[payloads.length - 1]?.push(message);
    bytes += 1 + size;
  }
  return payloads.map((lines) => lines.join('\n'));
}
