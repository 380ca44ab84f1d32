import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

type Listener = () => void;

/**
 * "This member's money moved": raised by the ledger after a commit, heard by the member's open sockets. With Redis
 * the news crosses API nodes (the socket may be held by another node than the one that moved the money).
 */
export class BalanceEvents {
  private readonly local = new EventEmitter();
  private subscriber: Redis | null = null;

  constructor(
    private readonly redis: Redis | undefined,
    private readonly channel: string,
  ) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    if (!this.redis) return;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('message', (_channel, memberId: string) => this.local.emit(memberId));
    await this.subscriber.subscribe(this.channel);
  }

  publish(memberIds: string[]): void {
    for (const memberId of memberIds) {
      if (this.redis) void this.redis.publish(this.channel, memberId).catch(() => this.local.emit(memberId));
      else this.local.emit(memberId);
    }
  }

  subscribe(memberId: string, listener: Listener): () => void {
    this.local.on(memberId, listener);
    return () => this.local.off(memberId, listener);
  }

  async stop(): Promise<void> {
    await this.subscriber?.quit();
    this.subscriber = null;
  }
}
