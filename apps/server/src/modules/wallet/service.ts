import { fromMinor } from '@portal/shared/money';
import type { Ledger } from './ledger.ts';

/** What a free-play (trial) account starts with, in the DEMO currency that no real account holds. */
export const DEMO_BALANCE_MINOR = 200_000n;
export const DEMO_CURRENCY = 'DEMO';
/** The currency of real balances (one per brand for now). */
export const REAL_CURRENCY = 'BDT';

export interface WalletBalance {
  /** Two decimals, as every amount in the API. */
  sumBalance: string;
  currency: string;
  /** Free-play money: never real, never withdrawn, never transferred to a real account. */
  demo: boolean;
}

/** Member wallets on top of the ledger. Other modules move money through this service only. */
export class WalletService {
  constructor(private readonly ledger: Ledger) {}

  /** Credits a new trial account's demo balance, once (the key is the member's). */
  async grantDemoBalance(memberId: string): Promise<void> {
    const account = await this.ledger.memberAccount(memberId, 'demo', DEMO_CURRENCY);
    const issuer = await this.ledger.systemAccount('demo:issuer', 'adjustment', DEMO_CURRENCY);
    await this.ledger.post({
      type: 'bonus',
      reference: `free-play:${memberId}`,
      idempotencyKey: `free-play-grant:${memberId}`,
      lines: [
        { accountId: account, amountMinor: DEMO_BALANCE_MINOR },
        { accountId: issuer, amountMinor: -DEMO_BALANCE_MINOR },
      ],
    });
  }

  /** The header balance: a trial account's demo money, or a member's cash. */
  async balance(memberId: string, trial: boolean, currency: string): Promise<WalletBalance> {
    const account = await this.ledger.memberAccount(
      memberId,
      trial ? 'demo' : 'member_cash',
      trial ? DEMO_CURRENCY : currency,
    );
    const minor = await this.ledger.balance(account);
    return { sumBalance: fromMinor(minor), currency: trial ? DEMO_CURRENCY : currency, demo: trial };
  }
}
