import { createHash, randomBytes } from 'node:crypto';
import type { ErrorCode } from '@portal/shared/error-catalogue';
import { LAUNCH_TARGETS, type LaunchTarget } from '@portal/shared/games';
import { AMOUNT_INPUT_PATTERN, fromMinor, parsePositiveAmount, toMinor } from '@portal/shared/money';
import { type SignatureProblem, verifySignature } from '@portal/shared/vendor-protocol';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import { DEMO_CURRENCY } from '../../common/currencies.ts';
import { accountKey, TRIAL_TYPE } from '../../common/member-types.ts';
import type { Database } from '../../db/schema.ts';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import { AppError, InvalidInput } from '../../http/errors.ts';
import type { CacheLink, SharedCaches } from '../../http/shared-caches.ts';
import { InsufficientFunds, type Ledger } from '../wallet/ledger.ts';
import {
  type PastVendorRound,
  type VendorCall,
  VendorCallRefused,
  type VendorPosting,
  type VendorRefusal,
} from '../wallet/vendor-postings.ts';
import type {
  AuthenticateRequest,
  BalanceRequest,
  BetRequest,
  PlayerBalance,
  RollbackRequest,
  TransactionResult,
  WinRequest,
} from './protocol.ts';
import { GameSessions, hashToken, sessionPrecondition } from './sessions.ts';

export interface VendorIntegration {
  code: string;
  secret: string;
  /** The real-money currency; trial members play in DEMO. */
  currency: string;
  enabled: boolean;
  sessionMinutes: number;
  /** Where its games open (placeholders {gameId}, {token}, {language}, {mode}); null: not launchable from here. */
  launchUrl: string | null;
  /** The vendor's transfer API (docs/transfer-api.md) for a vendor in transfer mode; null: none. */
  transferUrl: string | null;
  /** Where its games open: the portal's /game frame, or a window of their own (pages that refuse framing). */
  launchTarget: LaunchTarget;
}

/** A request whose signature does not hold; the reason is for the log, never for the caller. */
export class SignatureRefused extends AppError {
  constructor(readonly reason: SignatureProblem) {
    super(401, 'VENDOR_SIGNATURE_INVALID');
  }
}

/** The longest note the operator may keep on a vendor integration (the column's check says the same). */
export const NOTE_MAX_LENGTH = 200;

/** The wallet's refusals of vendor calls, with their HTTP status. */
const REFUSALS: Record<VendorRefusal, number> = {
  SESSION_EXPIRED: 401,
  ACCOUNT_DISABLED: 403,
  BET_NOT_FOUND: 404,
  BET_ROLLED_BACK: 409,
  ROUND_CLOSED: 409,
  DUPLICATE_TRANSACTION: 409,
};

const VENDOR_CODE = /^[A-Z0-9_]{2,32}$/;
/**
 * An https address without spaces, at most 500 characters (the column says the same); plain http only on this
 * machine's loopback (127.0.0.1, localhost), where nothing crosses a network to be read or changed on the way: the
 * demo studio runs there beside the portal without a certificate. Any other http address is refused.
 */
const LAUNCH_URL = /^(https:\/\/\S{1,492}|http:\/\/(127\.0\.0\.1|localhost)(:\d{1,5})?([/?#]\S{0,470})?)$/;
/** The base address of a vendor's transfer API (docs/transfer-api.md), on the same terms. */
const TRANSFER_URL = LAUNCH_URL;
const NODE_ID = /^[A-Za-z0-9_.:-]{1,64}$/;

/** What the seamless wallet needs of the members module: a member by id or by account name. */
export interface MemberLookup {
  findById(id: string): Promise<{ id: string; account: string; type: number; status: string } | undefined>;
  findByAccount(account: string): Promise<{ id: string; account: string; type: number; status: string } | undefined>;
}

/** A vendor round of the past: its stake, its win (zero for a lost round) and when each was made. */
export interface PastRound {
  vendor: string;
  /** The vendor's round id; its bet and win are `<roundId>-b` and `<roundId>-w`. */
  roundId: string;
  memberId: string;
  /** The game node of the catalogue. */
  gameId: string;
  stakeMinor: bigint;
  winMinor: bigint;
  betAt: Date;
  settledAt: Date;
}

interface Player {
  memberId: string;
  account: string;
  demo: boolean;
}

/**
 * The seamless wallet that game vendors call: their protocol (signature, parsing, players, launch sessions, vendor
 * settings, answers in the vendor's shape). The money moves through the wallet (`ledger.vendorCalls`), which
 * applies each vendor transaction id once with the vendors' rules; a bet carries this module's precondition (a live
 * launch session, an active member), checked in the same statement. Everything a call needs before that statement
 * (the vendor's secret, the player, the account ids) is immutable or nearly so and is kept in memory, so a warm bet
 * or win costs exactly one round trip, shared with the calls that arrive with it.
 */
export class SeamlessService {
  readonly sessions: GameSessions;
  /**
   * Integrations by code (null: no such vendor), until the operator changes one on any node; at most half a minute,
   * for a change made behind the portal's back.
   */
  private readonly vendors = new LRUCache<string, { vendor: VendorIntegration | null }>({ max: 1_000, ttl: 30_000 });
  private readonly vendorsLink: CacheLink;
  /** Players by account key: a member's id, account name and trial-ness never change. */
  private readonly players = new LRUCache<string, Player>({ max: 200_000, ttl: 60 * 60_000 });
  /**
   * Told of each bet the wallet took (not of a replay): the member and the game node the bet named. Set by app.ts
   * (the games module's recent games); it must not block, as the bet's answer does not wait for it.
   */
  onBetPlaced: (memberId: string, nodeId: string) => void = () => {};

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ledger: Ledger,
    private readonly caches: SharedCaches,
    private readonly members: MemberLookup,
  ) {
    this.sessions = new GameSessions(db);
    this.vendorsLink = caches.link(['vendor-integrations'], () => this.vendors.clear());
  }

  // ---- integrations ----

  /**
   * Adds a vendor integration or changes it (a new secret, currency, session length, on or off); in `unit` when the
   * change is part of a larger one (an operator's, with its audit row). As for the other optional settings, one left
   * out takes its default (launch target: the frame; note: none); only the secret is kept.
   */
  async configureVendor(
    input: {
      code: string;
      secret: string;
      currency: string;
      enabled?: boolean;
      sessionMinutes?: number;
      launchUrl?: string | null;
      transferUrl?: string | null;
      launchTarget?: LaunchTarget;
      note?: string | null;
    },
    unit?: UnitOfWork,
  ): Promise<void> {
    if (!VENDOR_CODE.test(input.code)) throw new InvalidInput('code');
    if (input.secret.length < 32 || input.secret.length > 256) throw new InvalidInput('secret: 32 to 256 characters');
    if (!/^[A-Z]{3,5}$/.test(input.currency) || input.currency === DEMO_CURRENCY) throw new InvalidInput('currency');
    const minutes = input.sessionMinutes ?? 30;
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > 1440) throw new InvalidInput('sessionMinutes');
    // An emptied field takes the launch address away, as null does.
    const launchUrl = input.launchUrl?.trim() || null;
    if (launchUrl !== null && !LAUNCH_URL.test(launchUrl)) throw new InvalidInput('launchUrl');
    const transferUrl = input.transferUrl?.trim() || null;
    if (transferUrl !== null && !TRANSFER_URL.test(transferUrl)) throw new InvalidInput('transferUrl');
    const launchTarget = input.launchTarget ?? 'frame';
    if (!LAUNCH_TARGETS.includes(launchTarget)) throw new InvalidInput('launchTarget');
    const note = input.note?.trim() || null;
    if (note !== null && note.length > NOTE_MAX_LENGTH) throw new InvalidInput('note');
    const values = {
      secret: input.secret,
      currency: input.currency,
      enabled: input.enabled ?? true,
      session_minutes: minutes,
      launch_url: launchUrl,
      transfer_url: transferUrl,
      launch_target: launchTarget,
      note,
    };
    await (unit?.trx ?? this.db)
      .insertInto('vendor_integrations')
      .values({ vendor_code: input.code, ...values, updated_at: new Date() })
      .onConflict((oc) => oc.column('vendor_code').doUpdateSet({ ...values, updated_at: new Date() }))
      .execute();
    if (unit) unit.afterCommit(() => this.caches.changed('vendor-integrations'));
    else this.caches.changed('vendor-integrations');
  }

  /**
   * Connects a vendor built into the portal (the house games) on first start, with a fresh random secret: it calls
   * the wallet API as any vendor does. An integration that exists stays as the operator left it.
   */
  async ensureIntegration(code: string, currency: string): Promise<void> {
    await this.db
      .insertInto('vendor_integrations')
      .values({
        vendor_code: code,
        secret: randomBytes(32).toString('hex'),
        currency,
        launch_url: null,
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.column('vendor_code').doNothing())
      .execute();
  }

  /** The integration a request names; 404 for a code nobody configured. */
  async vendor(code: string): Promise<VendorIntegration> {
    const cached = this.vendors.get(code);
    const vendor = cached ? cached.vendor : await this.loadVendor(code);
    if (!vendor) throw new AppError(404, 'NOT_FOUND');
    return vendor;
  }

  /** The vendor of a request whose signature holds over the exact raw body. */
  async verifiedVendor(code: string, rawBody: Buffer, signature: string | string[] | undefined) {
    const vendor = await this.vendor(code);
    const problem = verifySignature(vendor.secret, rawBody, signature);
    if (problem) throw new SignatureRefused(problem);
    return vendor;
  }

  private async loadVendor(code: string): Promise<VendorIntegration | null> {
    const version = this.vendorsLink.version;
    const row = VENDOR_CODE.test(code)
      ? await this.db
          .selectFrom('vendor_integrations')
          .select([
            'vendor_code',
            'secret',
            'currency',
            'enabled',
            'session_minutes',
            'launch_url',
            'transfer_url',
            'launch_target',
          ])
          .where('vendor_code', '=', code)
          .executeTakeFirst()
      : undefined;
    const vendor = row
      ? {
          code: row.vendor_code,
          secret: row.secret,
          currency: row.currency,
          enabled: row.enabled,
          sessionMinutes: row.session_minutes,
          launchUrl: row.launch_url,
          transferUrl: row.transfer_url,
          launchTarget: row.launch_target,
        }
      : null;
    if (VENDOR_CODE.test(code) && version === this.vendorsLink.version) this.vendors.set(code, { vendor });
    return vendor;
  }

  // ---- launch sessions ----

  /**
   * A launch session for a member at a vendor (the launch service gives the token to the vendor's game). Trial
   * members play their demo money (`demo`, currency DEMO); everyone else plays cash in the vendor's currency.
   */
  async openSession(input: {
    memberId: string;
    vendorCode: string;
    nodeId: string;
    currency: string;
    demo: boolean;
  }): Promise<string> {
    const vendor = await this.vendor(input.vendorCode).catch(() => null);
    if (!vendor?.enabled) throw new AppError(503, 'GAME_MAINTENANCE');
    if (!NODE_ID.test(input.nodeId)) throw new InvalidInput('nodeId');
    const member = await this.members.findById(input.memberId);
    if (!member) throw new AppError(404, 'PLAYER_NOT_FOUND');
    if (member.status !== 'active') throw new AppError(403, 'ACCOUNT_DISABLED');
    const trial = member.type === TRIAL_TYPE;
    if (trial && !input.demo) throw new AppError(403, 'NEED_REAL_ACCOUNT');
    if (!trial && input.demo) throw new InvalidInput('demo play is for trial accounts');
    const currency = input.demo ? DEMO_CURRENCY : vendor.currency;
    if (input.currency !== currency) throw new AppError(400, 'CURRENCY_MISMATCH', {}, { currency });
    const accountId = await this.ledger.memberAccount(member.id, input.demo ? 'demo' : 'member_cash', currency);
    this.players.set(accountKey(member.account), { memberId: member.id, account: member.account, demo: trial });
    return this.sessions.open({
      memberId: member.id,
      vendorCode: vendor.code,
      nodeId: input.nodeId,
      currency,
      accountId,
      demo: input.demo,
      minutes: vendor.sessionMinutes,
    });
  }

  /** Ends a launch session now: the game was closed or the member signed out. */
  closeSession(token: string): Promise<void> {
    return this.sessions.close(token);
  }

  // ---- the vendor's calls ----

  async authenticate(vendor: VendorIntegration, input: AuthenticateRequest): Promise<PlayerBalance> {
    if (!vendor.enabled) throw new AppError(403, 'VENDOR_DISABLED');
    const session = await this.sessions.live(input.token, vendor.code);
    if (!session) throw new AppError(401, 'SESSION_EXPIRED');
    const [player, balance] = await Promise.all([
      this.playerById(session.memberId),
      this.ledger.balance(session.accountId),
    ]);
    return { playerId: player.account, balance: fromMinor(balance), currency: session.currency };
  }

  async balance(vendor: VendorIntegration, input: BalanceRequest): Promise<PlayerBalance> {
    const player = await this.player(input.playerId);
    const { account } = await this.accounts(vendor, player, input.currency, null);
    const balance = await this.ledger.balance(account);
    return { playerId: player.account, balance: fromMinor(balance), currency: input.currency };
  }

  /** Debits a stake: needs a live session, an open round and the money; the late bet of a rollback is refused. */
  async bet(vendor: VendorIntegration, input: BetRequest): Promise<TransactionResult> {
    if (!vendor.enabled) throw new AppError(403, 'VENDOR_DISABLED');
    const amount = parsePositiveAmount(input.amount);
    if (amount === null) throw new AppError(400, 'AMOUNT_INVALID');
    const player = await this.player(input.playerId);
    const accounts = await this.accounts(vendor, player, input.currency, input.txId);
    const hash = requestHash(['bet', player.memberId, input.roundId, input.gameId, amount, input.currency]);
    const call: VendorCall = {
      ...callOf(vendor, player, input, hash, accounts),
      kind: 'bet',
      ref: input.gameId,
      amountMinor: amount,
    };
    const posting = await this.money(vendor, input, call, hashToken(input.token));
    if (!posting.replayed) this.onBetPlaced(player.memberId, input.gameId);
    return answer(input, posting);
  }

  /** Credits a win (zero closes a lost round); paid even after the session ended or the vendor was disabled. */
  async win(vendor: VendorIntegration, input: WinRequest): Promise<TransactionResult> {
    const amount = AMOUNT_INPUT_PATTERN.test(input.amount) ? toMinor(input.amount) : null;
    if (amount === null) throw new AppError(400, 'AMOUNT_INVALID');
    if (input.betTxId === input.txId) throw new InvalidInput('betTxId must name another transaction');
    const roundClosed = input.roundClosed ?? false;
    const player = await this.player(input.playerId);
    const accounts = await this.accounts(vendor, player, input.currency, input.txId);
    const betTxId = input.betTxId ?? null;
    const hash = requestHash(['win', player.memberId, input.roundId, betTxId, amount, input.currency, roundClosed]);
    const call: VendorCall = {
      ...callOf(vendor, player, input, hash, accounts),
      kind: 'win',
      ref: betTxId,
      amountMinor: amount,
      roundClosed,
    };
    return answer(input, await this.money(vendor, input, call, null));
  }

  /** Refunds a bet once, whatever the number of rollbacks; a rollback of a bet not seen yet refuses that bet. */
  async rollback(vendor: VendorIntegration, input: RollbackRequest): Promise<TransactionResult> {
    if (input.betTxId === input.txId) throw new InvalidInput('betTxId must name another transaction');
    const player = await this.player(input.playerId);
    const accounts = await this.accounts(vendor, player, input.currency, input.txId);
    const hash = requestHash(['rollback', player.memberId, input.roundId, input.betTxId, input.currency]);
    const call: VendorCall = { ...callOf(vendor, player, input, hash, accounts), kind: 'rollback', ref: input.betTxId };
    return answer(input, await this.money(vendor, input, call, null));
  }

  /**
   * Seed only (db/seed/team.ts): rounds a vendor played in the past, recorded as its bet and its win calls would
   * have recorded them (the same transaction ids, hashes, journal entries and closed rounds), with the times they
   * were played, through the wallet's `postPastRounds` (docs/decisions.md "The demo team's past"). No launch
   * session is asked for: the rounds are history. A member's rounds come in the order played.
   */
  async recordPastRounds(rounds: readonly PastRound[], currency: string): Promise<void> {
    const past: PastVendorRound[] = [];
    for (const round of rounds) {
      const account = await this.ledger.memberAccount(round.memberId, 'member_cash', currency);
      const clearing = await this.clearingAccount(round.vendor, currency);
      const betTxId = `${round.roundId}-b`;
      past.push({
        ...round,
        account,
        clearing,
        betHash: requestHash(['bet', round.memberId, round.roundId, round.gameId, round.stakeMinor, currency]),
        winHash: requestHash(['win', round.memberId, round.roundId, betTxId, round.winMinor, currency, true]),
      });
    }
    await this.ledger.vendorCalls.postPastRounds(past, currency);
  }

  // ---- helpers ----

  private async player(playerId: string): Promise<Player> {
    const key = accountKey(playerId);
    const cached = this.players.get(key);
    if (cached) return cached;
    return this.remember(await this.members.findByAccount(playerId));
  }

  private async playerById(memberId: string): Promise<Player> {
    return this.remember(await this.members.findById(memberId));
  }

  private remember(member: { id: string; account: string; type: number } | undefined): Player {
    if (!member) throw new AppError(404, 'PLAYER_NOT_FOUND');
    const player = { memberId: member.id, account: member.account, demo: member.type === TRIAL_TYPE };
    this.players.set(accountKey(member.account), player);
    return player;
  }

  /**
   * The member's account the call plays (cash, or a trial member's demo money) and the vendor's clearing account in
   * that currency. Another currency is refused; for a transaction id already used, as a duplicate.
   */
  private async accounts(vendor: VendorIntegration, player: Player, currency: string, txId: string | null) {
    const expected = player.demo ? DEMO_CURRENCY : vendor.currency;
    if (currency !== expected) {
      if (txId && (await this.ledger.vendorCalls.known(vendor.code, txId)))
        throw new AppError(409, 'DUPLICATE_TRANSACTION');
      throw new AppError(400, 'CURRENCY_MISMATCH', {}, { currency: expected });
    }
    const [account, clearing] = await Promise.all([
      this.ledger.memberAccount(player.memberId, player.demo ? 'demo' : 'member_cash', currency),
      this.clearingAccount(vendor.code, currency),
    ]);
    return { account, clearing };
  }

  /** The vendor's clearing account in a currency: where its players' stakes go and its wins come from. */
  clearingAccount(vendorCode: string, currency: string): Promise<string> {
    return this.ledger.systemAccount(
      `vendor:${vendorCode.toLowerCase()}:${currency.toLowerCase()}`,
      'vendor_clearing',
      currency,
    );
  }

  /**
   * Posts a vendor call through the wallet, a bet with this module's session check (`tokenHash`), and answers the
   * wallet's refusals as the vendor's errors, with the balance where it is known.
   */
  private async money(
    vendor: VendorIntegration,
    input: { txId: string; currency: string },
    call: VendorCall,
    tokenHash: string | null,
  ): Promise<VendorPosting> {
    try {
      return await this.ledger.vendorCalls.post(call, sessionPrecondition(tokenHash, call, vendor.sessionMinutes));
    } catch (error) {
      if (error instanceof VendorCallRefused) {
        throw new AppError(REFUSALS[error.code], error.code as ErrorCode, {}, withBalance(input, error.balanceMinor));
      }
      if (error instanceof InsufficientFunds) {
        const balance = BigInt((error.value as { balanceMinor?: string } | undefined)?.balanceMinor ?? '0');
        throw new AppError(409, 'INSUFFICIENT_FUNDS', {}, withBalance(input, balance));
      }
      throw error;
    }
  }
}

/** What every money call of a player names: the vendor, its transaction, the accounts, the round. */
function callOf(
  vendor: VendorIntegration,
  player: Player,
  input: { txId: string; roundId: string; currency: string },
  hash: string,
  accounts: { account: string; clearing: string },
) {
  const { txId, roundId, currency } = input;
  return { vendor: vendor.code, txId, roundId, currency, hash, memberId: player.memberId, ...accounts };
}

function answer(input: { txId: string; currency: string }, posting: VendorPosting): TransactionResult {
  return { txId: input.txId, balance: fromMinor(posting.balanceMinor), currency: input.currency };
}

/** A refusal's answer carries the balance, as the vendors' protocol asks, where the wallet told it. */
function withBalance(input: { txId: string; currency: string }, balanceMinor: bigint | null) {
  return balanceMinor === null
    ? undefined
    : { txId: input.txId, balance: fromMinor(balanceMinor), currency: input.currency };
}

/** What a transaction id stands for: the same id with other content is a duplicate. */
function requestHash(parts: (string | bigint | boolean | null)[]): string {
  const canonical = JSON.stringify(parts.map((part) => (typeof part === 'bigint' ? part.toString() : part)));
  return createHash('sha256').update(canonical).digest('hex');
}
