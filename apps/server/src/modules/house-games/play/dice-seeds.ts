import type { DiceRevealedPair, DiceRotateValue, DiceSeedValue } from '@portal/shared/house-games';
import { generateServerSeed, hashServerSeed, isValidClientSeed } from '@portal/shared/provably-fair';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../../db/schema.ts';
import { InvalidInput } from '../../../http/errors.ts';

/** A seed pair with the nonce a roll takes from it. */
export interface SeedUse {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

interface Pair {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nextNonce: number;
}

/** The columns a stored pair is read back from. */
const PAIR_COLUMNS = ['server_seed', 'server_seed_hash', 'client_seed', 'next_nonce'] as const;
const FREE_PLAY = 'free:';
/** How many retired pairs a player can look up again. */
const REVEALED_KEPT = 20;
/** A new pair's client seed until the player picks one: random, so that no two players share a pair. */
const defaultClientSeed = () => generateServerSeed().slice(0, 16);

/**
 * The provably-fair dice's seed pairs, one active pair per owner. A player's pairs live in the database (its
 * server seed is secret until retired); a free-play page's pairs live in memory for a day.
 */
export class DiceSeeds {
  private readonly free = new LRUCache<string, Pair>({ max: 10_000, ttl: 24 * 60 * 60_000 });
  /** A free-play page's last rotation, for its retry. */
  private readonly freeRotations = new LRUCache<string, DiceRotateValue>({ max: 10_000, ttl: 24 * 60 * 60_000 });

  constructor(private readonly db: Kysely<Database>) {}

  static freeOwner(freeKey: unknown): string {
    if (typeof freeKey !== 'string' || !/^[0-9a-f-]{36}$/i.test(freeKey)) throw new InvalidInput('freeKey');
    return `${FREE_PLAY}${freeKey.toLowerCase()}`;
  }

  /** The commitment the next roll is made under (a pair is made on first use). */
  async current(owner: string): Promise<DiceSeedValue> {
    return commitmentOf(await this.active(owner));
  }

  /** The pairs the owner retired lately, newest first, so that a reloaded page can still verify them. */
  async revealed(owner: string): Promise<DiceRevealedPair[]> {
    if (owner.startsWith(FREE_PLAY)) {
      const last = this.freeRotations.get(owner);
      return last ? [last.revealed] : [];
    }
    const rows = await this.db
      .selectFrom('house_dice_seeds')
      .select(PAIR_COLUMNS)
      .where('owner', '=', owner)
      .where('retired_at', 'is not', null)
      .orderBy('retired_at', 'desc')
      .orderBy('id', 'desc')
      .limit(REVEALED_KEPT)
      .execute();
    return rows.map((row) => revealedOf(fromRow(row)));
  }

  /** Takes the next nonce of the owner's pair for a roll. */
  async take(owner: string): Promise<SeedUse> {
    if (owner.startsWith(FREE_PLAY)) {
      const pair = await this.active(owner);
      const use = { ...pair, nonce: pair.nextNonce };
      this.free.set(owner, { ...pair, nextNonce: pair.nextNonce + 1 });
      return use;
    }
    await this.active(owner);
    const row = await this.db
      .updateTable('house_dice_seeds')
      .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
      .where('owner', '=', owner)
      .where('retired_at', 'is', null)
      .returning(PAIR_COLUMNS)
      .executeTakeFirstOrThrow();
    return {
      serverSeed: row.server_seed,
      serverSeedHash: row.server_seed_hash,
      clientSeed: row.client_seed,
      nonce: row.next_nonce - 1,
    };
  }

  /**
   * Retires the active pair, revealing its server seed, and commits to a new one with the player's client seed.
   * Naming the pair being retired (`retiring`, its hash) makes a retry safe: when that pair was already retired,
   * the same reveal is answered again with the pair now active.
   */
  async rotate(owner: string, clientSeed: unknown, retiring?: unknown): Promise<DiceRotateValue> {
    if (typeof clientSeed !== 'string' || !isValidClientSeed(clientSeed)) throw new InvalidInput('clientSeed');
    if (retiring !== undefined && (typeof retiring !== 'string' || !/^[0-9a-f]{64}$/.test(retiring))) {
      throw new InvalidInput('serverSeedHash');
    }
    const old = await this.active(owner);
    if (retiring !== undefined && retiring !== old.serverSeedHash) return this.rotatedBefore(owner, retiring, old);
    const fresh = await newPair(clientSeed);
    if (owner.startsWith(FREE_PLAY)) {
      this.free.set(owner, fresh);
    } else {
      const retired = await this.db
        .updateTable('house_dice_seeds')
        .set({ retired_at: new Date() })
        .where('owner', '=', owner)
        .where('retired_at', 'is', null)
        .returning(PAIR_COLUMNS)
        .executeTakeFirst();
      if (retired) Object.assign(old, fromRow(retired));
      await this.insert(owner, fresh);
    }
    const rotation = { revealed: revealedOf(old), next: commitmentOf(fresh) };
    if (owner.startsWith(FREE_PLAY)) this.freeRotations.set(owner, rotation);
    return rotation;
  }

  /** The answer of a rotation already made: the retired pair named, and the pair active now. */
  private async rotatedBefore(owner: string, retiring: string, active: Pair): Promise<DiceRotateValue> {
    const next = commitmentOf(active);
    if (owner.startsWith(FREE_PLAY)) {
      const last = this.freeRotations.get(owner);
      if (last?.revealed.serverSeedHash !== retiring) throw new InvalidInput('serverSeedHash');
      return { revealed: last.revealed, next };
    }
    const row = await this.db
      .selectFrom('house_dice_seeds')
      .select(PAIR_COLUMNS)
      .where('owner', '=', owner)
      .where('server_seed_hash', '=', retiring)
      .where('retired_at', 'is not', null)
      .executeTakeFirst();
    if (!row) throw new InvalidInput('serverSeedHash');
    return { revealed: revealedOf(fromRow(row)), next };
  }

  private async active(owner: string): Promise<Pair> {
    if (owner.startsWith(FREE_PLAY)) {
      const pair = this.free.get(owner) ?? (await newPair(defaultClientSeed()));
      this.free.set(owner, pair);
      return pair;
    }
    const found = await this.find(owner);
    if (found) return found;
    await this.insert(owner, await newPair(defaultClientSeed()));
    const made = await this.find(owner);
    if (!made) throw new Error(`dice seeds of ${owner} vanished`);
    return made;
  }

  private async find(owner: string): Promise<Pair | null> {
    const row = await this.db
      .selectFrom('house_dice_seeds')
      .select(PAIR_COLUMNS)
      .where('owner', '=', owner)
      .where('retired_at', 'is', null)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** Adds an active pair; a concurrent first use may have added one already, and that one stays. */
  private async insert(owner: string, pair: Pair): Promise<void> {
    await this.db
      .insertInto('house_dice_seeds')
      .values({
        owner,
        server_seed: pair.serverSeed,
        server_seed_hash: pair.serverSeedHash,
        client_seed: pair.clientSeed,
      })
      .onConflict((oc) => oc.column('owner').where('retired_at', 'is', null).doNothing())
      .execute();
  }
}

async function newPair(clientSeed: string): Promise<Pair> {
  const serverSeed = generateServerSeed();
  return { serverSeed, serverSeedHash: await hashServerSeed(serverSeed), clientSeed, nextNonce: 0 };
}

/** A pair as the page is shown it while it is in use: the commitment and the next nonce, never the server seed. */
function commitmentOf(pair: Pair): DiceSeedValue {
  return { serverSeedHash: pair.serverSeedHash, clientSeed: pair.clientSeed, nonce: pair.nextNonce };
}

/** A retired pair, its server seed revealed, with how many rolls it made. */
function revealedOf(pair: Pair): DiceRevealedPair {
  return {
    serverSeed: pair.serverSeed,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    rolls: pair.nextNonce,
  };
}

function fromRow(row: {
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  next_nonce: number;
}): Pair {
  return {
    serverSeed: row.server_seed,
    serverSeedHash: row.server_seed_hash,
    clientSeed: row.client_seed,
    nextNonce: row.next_nonce,
  };
}
