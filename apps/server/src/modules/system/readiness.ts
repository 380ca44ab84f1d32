import type { Redis } from 'ioredis';
import { withDeadline } from '../../deadline.ts';

/** Resolves when a dependency the node needs answers; throws when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

export interface ReadinessReport {
  ready: boolean;
  /** Names of the checks that failed, or 'shutdown' once the node is closing. */
  failing: string[];
}

/** A probe that waits longer than this is answered 'not ready': a load balancer's own probe timeout is short. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * Whether this node should be sent traffic: not once it has begun to shut down, so a load balancer drains it
 * before it closes, and not while a dependency it needs (the database, Redis when configured) is unreachable.
 */
export class Readiness {
  private shuttingDown = false;

  constructor(
    private readonly checks: Record<string, ReadinessCheck>,
    private readonly timeoutMs = CHECK_TIMEOUT_MS,
  ) {}

  beginShutdown(): void {
    this.shuttingDown = true;
  }

  async check(): Promise<ReadinessReport> {
    if (this.shuttingDown) return { ready: false, failing: ['shutdown'] };
    const names = Object.keys(this.checks);
    const results = await Promise.allSettled(names.map((name) => withDeadline(this.checks[name]!(), this.timeoutMs)));
    const failing = names.filter((_, i) => results[i]!.status === 'rejected');
    return { ready: failing.length === 0, failing };
  }
}

/** Redis answers a PING; while it is unreachable, ioredis fails the command or the deadline does. */
export function redisCheck(redis: Redis): ReadinessCheck {
  return () => redis.ping();
}
