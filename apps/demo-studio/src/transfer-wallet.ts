// The wallets the studio holds for vendors in transfer mode (SBO, SABA): the portal moves money in and out through the
// transfer API (docs/transfer-api.md), the studio's games debit bets and credit settlements. One JSON line per change,
// appended and flushed before it is answered; each txId and each bet id is applied once, a repeat answered as the first.

import fs from 'node:fs';
import { fromMinor, toMinor } from '@portal/shared/money';
import type { VendorEnvelope } from '@portal/shared/vendor-protocol';
import { appendDurably, openJsonLines, readJsonLines } from './json-lines.ts';

export interface TransferAnswer {
  status: number;
  envelope: VendorEnvelope;
}

type WalletEntry =
  /** A deposit or withdrawal from the portal, with the answer given (a repeat of its txId gets it again). */
  | { kind: 'transfer'; vendor: string; playerId: string; txId: string; delta: string; answer: TransferAnswer }
  /** A bet's stake taken from the player's wallet. */
  | { kind: 'debit'; vendor: string; playerId: string; betId: string; amount: string }
  /** A bet's return paid into the player's wallet (its stake on a void, 0.00 for a loss). */
  | { kind: 'credit'; betId: string; amount: string };

const key = (vendor: string, playerId: string) => `${vendor}\u0000${playerId}`;

export class TransferWallet {
  private readonly balances = new Map<string, bigint>();
  private readonly transfers = new Map<string, TransferAnswer>();
  private readonly debits = new Map<string, { vendor: string; playerId: string }>();
  private readonly credited = new Set<string>();
  private readonly fd: number;

  constructor(file: string) {
    for (const entry of readJsonLines<WalletEntry>(file)) this.apply(entry);
    this.fd = openJsonLines(file);
  }

  balance(vendor: string, playerId: string): string {
    return fromMinor(this.balances.get(key(vendor, playerId)) ?? 0n);
  }

  /** The portal's `deposit` or `withdraw`; a txId seen before gets its first answer, whatever this request says. */
  transfer(
    vendor: string,
    operation: 'deposit' | 'withdraw',
    request: { txId: string; playerId: string; amount: string },
  ): TransferAnswer {
    const earlier = this.transfers.get(`${vendor}:${request.txId}`);
    if (earlier) return earlier;
    const amount = toMinor(request.amount);
    const held = this.balances.get(key(vendor, request.playerId)) ?? 0n;
    let delta = operation === 'deposit' ? amount : -amount;
    let answer: TransferAnswer;
    if (held + delta < 0n) {
      delta = 0n;
      answer = {
        status: 409,
        envelope: { success: false, code: 'INSUFFICIENT_FUNDS', value: { balance: fromMinor(held) } },
      };
    } else {
      answer = {
        status: 200,
        envelope: { success: true, code: 'OK', value: { txId: request.txId, balance: fromMinor(held + delta) } },
      };
    }
    this.write({
      kind: 'transfer',
      vendor,
      playerId: request.playerId,
      txId: request.txId,
      delta: fromMinor(delta),
      answer,
    });
    return answer;
  }

  /** Takes a bet's stake, once per bet id: false (nothing taken) when the player holds less. */
  debit(vendor: string, playerId: string, betId: string, amount: bigint): boolean {
    if (this.debits.has(betId)) return true;
    if ((this.balances.get(key(vendor, playerId)) ?? 0n) < amount) return false;
    this.write({ kind: 'debit', vendor, playerId, betId, amount: fromMinor(amount) });
    return true;
  }

  /** Pays a bet's return once; a second credit of the same bet changes nothing. */
  credit(betId: string, amount: bigint): void {
    if (this.credited.has(betId)) return;
    if (!this.debits.has(betId)) throw new Error(`bet ${betId} was never debited`);
    this.write({ kind: 'credit', betId, amount: fromMinor(amount) });
  }

  hasDebit(betId: string): boolean {
    return this.debits.has(betId);
  }

  close(): void {
    fs.closeSync(this.fd);
  }

  private write(entry: WalletEntry): void {
    appendDurably(this.fd, entry);
    this.apply(entry);
  }

  private add(vendor: string, playerId: string, delta: bigint): void {
    const k = key(vendor, playerId);
    this.balances.set(k, (this.balances.get(k) ?? 0n) + delta);
  }

  private apply(entry: WalletEntry): void {
    switch (entry.kind) {
      case 'transfer':
        this.transfers.set(`${entry.vendor}:${entry.txId}`, entry.answer);
        this.add(entry.vendor, entry.playerId, toMinor(entry.delta));
        break;
      case 'debit':
        this.debits.set(entry.betId, { vendor: entry.vendor, playerId: entry.playerId });
        this.add(entry.vendor, entry.playerId, -toMinor(entry.amount));
        break;
      case 'credit': {
        const debit = this.debits.get(entry.betId);
        if (!debit || this.credited.has(entry.betId)) break;
        this.credited.add(entry.betId);
        this.add(debit.vendor, debit.playerId, toMinor(entry.amount));
        break;
      }
    }
  }
}
