import { fromMinor, parsePositiveAmount } from '@portal/shared/money';
import { MAIN_WALLET, type MerchantWallets, type WalletTransferResult } from '@portal/shared/wallet';
import { AppError } from '../../http/errors.ts';
import type { Ledger } from './ledger.ts';

/**
 * Wallets at game vendors that work in transfer mode (the member moves money into the vendor's wallet before
 * playing there, and back out after). Each is a member account of the ledger, so a move is one entry between two
 * of the member's own accounts.
 */
export class VendorWallets {
  constructor(
    private readonly ledger: Ledger,
    private readonly currency: string,
    /** The catalogue's enabled vendors in transfer mode. */
    private readonly transferVendors: () => Promise<{ code: string; display_name: string }[]>,
  ) {}

  async list(memberId: string): Promise<MerchantWallets> {
    const [vendors, balances, cash] = await Promise.all([
      this.transferVendors(),
      this.ledger.vendorWalletBalances(memberId, this.currency),
      this.ledger.findMemberAccount(memberId, 'member_cash', this.currency),
    ]);
    return {
      currency: this.currency,
      main: fromMinor(cash ? await this.ledger.balance(cash) : 0n),
      wallets: vendors.map((vendor) => ({
        vassalage: vendor.code,
        displayName: vendor.display_name,
        balance: fromMinor(balances.get(vendor.code) ?? 0n),
      })),
    };
  }

  async transfer(
    memberId: string,
    input: { from: string; to: string; amount: string },
    requestKey: string,
  ): Promise<WalletTransferResult> {
    const amountMinor = parsePositiveAmount(input.amount);
    if (amountMinor === null) throw new AppError(400, 'AMOUNT_INVALID');
    const vendorCode = input.from === MAIN_WALLET ? input.to : input.to === MAIN_WALLET ? input.from : null;
    const vendors = await this.transferVendors();
    if (!vendorCode || !vendors.some((vendor) => vendor.code === vendorCode)) {
      throw new AppError(400, 'WALLET_TRANSFER_INVALID');
    }
    const main = await this.ledger.memberAccount(memberId, 'member_cash', this.currency);
    const vendor = await this.ledger.vendorWallet(memberId, vendorCode, this.currency);
    const [source, target] = input.from === MAIN_WALLET ? [main, vendor] : [vendor, main];
    const entry = await this.ledger.post({
      type: 'transfer',
      reference: `vendor-transfer:${input.from}>${input.to}`,
      idempotencyKey: `vendor-transfer:${memberId}:${requestKey}`,
      lines: [
        { accountId: source, amountMinor: -amountMinor },
        { accountId: target, amountMinor },
      ],
    });
    const after = (accountId: string) =>
      fromMinor(entry.lines.find((line) => line.accountId === accountId)?.balanceAfterMinor ?? 0n);
    return { from: input.from, to: input.to, amount: fromMinor(amountMinor), main: after(main), vendor: after(vendor) };
  }
}
