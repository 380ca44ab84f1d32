import { randomBytes } from 'node:crypto';
import type { Broadcast } from './broadcast.ts';

/** What operators change and nodes keep in memory. */
export const CACHE_TOPICS = [
  'settings',
  'catalogue',
  'content',
  'jackpot',
  'card-rooms',
  'vendor-integrations',
] as const;
export type CacheTopic = (typeof CACHE_TOPICS)[number];

export interface CacheLink {
  /** Grows each time the cache is dropped: a load begun under an older version must not be kept. */
  readonly version: number;
}

/**
 * Keeps the nodes' caches of what operators change in step. A service links its cache to the topics it depends on,
 * saying what dropping it means; after a change has committed it calls `changed(topic)`, which drops every cache of
 * the topic on this node before it returns (so the operator's next call sees the change) and broadcasts the topic,
 * so that every other node drops its copies as the message arrives: over Redis pub/sub or PostgreSQL NOTIFY, a few
 * milliseconds. When delivery had a gap (a lost connection came back), every cache is dropped, as a message may be
 * lost. A cache may also expire by age, but nothing waits for that.
 */
export class SharedCaches {
  private readonly drops = new Map<CacheTopic, Set<() => void>>();
  /** Tells this node's own messages apart: it dropped its caches before publishing. */
  private readonly origin = randomBytes(6).toString('hex');

  constructor(private readonly broadcast: Broadcast) {
    broadcast.listen((message) => {
      const [topic, origin] = message.split(' ');
      if (origin !== this.origin && (CACHE_TOPICS as readonly string[]).includes(topic ?? '')) {
        this.drop(topic as CacheTopic);
      }
    });
    broadcast.onResync(() => {
      for (const topic of this.drops.keys()) this.drop(topic);
    });
  }

  /** Runs `drop` whenever one of the topics changes, on any node. */
  link(topics: readonly CacheTopic[], drop: () => void): CacheLink {
    const link = { version: 0 };
    const run = () => {
      link.version++;
      drop();
    };
    for (const topic of topics) {
      const drops = this.drops.get(topic) ?? new Set();
      this.drops.set(topic, drops.add(run));
    }
    return link;
  }

  /** Call once a change has committed: drops the topic's caches here at once and on every other node. */
  changed(topic: CacheTopic): void {
    this.drop(topic);
    this.broadcast.publish(`${topic} ${this.origin}`);
  }

  private drop(topic: CacheTopic) {
    for (const run of this.drops.get(topic) ?? []) run();
  }
}

/**
 * One value read from the database and kept until one of its topics changes on any node, or until it is
 * `maxAgeMs` old. Calls that find it missing share one load, and a load begun before a change is not kept.
 */
export class SharedValue<T> {
  private current: { value: T; loadedAt: number } | null = null;
  private loading: Promise<T> | null = null;
  private readonly link: CacheLink;

  constructor(
    caches: SharedCaches,
    topics: readonly CacheTopic[],
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs = Number.POSITIVE_INFINITY,
  ) {
    this.link = caches.link(topics, () => {
      this.current = null;
      this.loading = null;
    });
  }

  get(): Promise<T> {
    if (this.current && Date.now() - this.current.loadedAt < this.maxAgeMs) return Promise.resolve(this.current.value);
    if (!this.loading) {
      const version = this.link.version;
      const startedAt = Date.now();
      const loading = this.load()
        .then((value) => {
          if (version === this.link.version) this.current = { value, loadedAt: startedAt };
          return value;
        })
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        });
      this.loading = loading;
    }
    return this.loading;
  }
}
