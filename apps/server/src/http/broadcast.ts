import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

type Listener = (message: string) => void;

/**
 * A message to every API node: over Redis pub/sub when configured, within the process otherwise (the embedded
 * default runs one node). Delivery is best effort, so listeners only drop or refresh what they can rebuild.
 */
export class Broadcast {
  private readonly local = new EventEmitter();
  private subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly channel: string,
  ) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (!this.redis || this.subscriber) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel, message: string) => this.local.emit('message', message));
    await this.subscriber.subscribe(this.channel);
  }

  publish(message: string): void {
    if (this.redis) void this.redis.publish(this.channel, message).catch(() => this.local.emit('message', message));
    else this.local.emit('message', message);
  }

  listen(listener: Listener): () => void {
    this.local.on('message', listener);
    return () => this.local.off('message', listener);
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit();
    this.subscriber = null;
  }
}
