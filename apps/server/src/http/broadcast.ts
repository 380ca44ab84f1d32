import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

type Listener = (message: string) => void;

/** What a transport calls on a subscriber: each message, and `resynced` after a gap in which messages may be lost. */
export interface Subscriber {
  message(message: string): void;
  /** The connection was lost and is back: whatever was published meanwhile never arrived. */
  resynced(): void;
}

/** Carries broadcasts between the API nodes: Redis pub/sub, or PostgreSQL LISTEN/NOTIFY (db/notifications.ts). */
export interface BroadcastTransport {
  readonly kind: 'redis' | 'postgres';
  /** Delivers the channel's messages to `subscriber` until the returned function is called. */
  subscribe(channel: string, subscriber: Subscriber): Promise<() => Promise<void>>;
  /** Resolves once the message has left for the other nodes; the node that publishes hears it too. */
  publish(channel: string, message: string): Promise<void>;
}

/**
 * A message to every API node: over Redis pub/sub when configured, over PostgreSQL LISTEN/NOTIFY on PostgreSQL
 * without Redis, within the process on the embedded database (PGlite serves one process, so in-process delivery
 * reaches every node there is). Delivery is best effort, so listeners only drop or refresh what they can rebuild,
 * and after a gap in delivery (a lost connection came back) the `onResync` listeners drop everything they keep.
 */
export class Broadcast {
  private readonly local = new EventEmitter();
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(
    private readonly transport: BroadcastTransport | undefined,
    private readonly channel: string,
  ) {
    this.local.setMaxListeners(0);
  }

  /** Where messages go: 'process' when only to this process. */
  get reach(): 'process' | BroadcastTransport['kind'] {
    return this.transport?.kind ?? 'process';
  }

  async start(): Promise<void> {
    if (!this.transport || this.unsubscribe) return;
    this.unsubscribe = await this.transport.subscribe(this.channel, {
      message: (message) => this.local.emit('message', message),
      resynced: () => this.local.emit('resync'),
    });
  }

  publish(message: string): void {
    if (this.transport) {
      // This node at least hears a message that could not be sent.
      void this.transport.publish(this.channel, message).catch(() => this.local.emit('message', message));
    } else {
      this.local.emit('message', message);
    }
  }

  listen(listener: Listener): () => void {
    this.local.on('message', listener);
    return () => this.local.off('message', listener);
  }

  /** Called after a gap in delivery, when messages published meanwhile may never arrive. */
  onResync(listener: () => void): () => void {
    this.local.on('resync', listener);
    return () => this.local.off('resync', listener);
  }

  async stop(): Promise<void> {
    const unsubscribe = this.unsubscribe;
    this.unsubscribe = null;
    await unsubscribe?.();
  }
}

/** Redis pub/sub: one subscriber connection per channel (a subscribed connection can run nothing else). */
export function redisTransport(redis: Redis): BroadcastTransport {
  return {
    kind: 'redis',
    async subscribe(channel, subscriber) {
      const connection = redis.duplicate();
      let subscribed = false;
      connection.on('message', (_channel, message: string) => subscriber.message(message));
      // ioredis reconnects and subscribes again by itself; messages published while it was away are lost.
      connection.on('ready', () => {
        if (!subscribed) return;
        connection.subscribe(channel).then(
          () => subscriber.resynced(),
          () => {},
        );
      });
      await connection.subscribe(channel);
      subscribed = true;
      return async () => {
        subscribed = false;
        await connection.quit();
      };
    },
    async publish(channel, message) {
      await redis.publish(channel, message);
    },
  };
}
