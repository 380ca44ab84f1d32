import type { JobScheduler } from '../../jobs/jobs.ts';
import type { DepositService } from './deposits.ts';
import type { WithdrawalService } from './withdrawals.ts';

// The kinds keep the names they were first scheduled under (when these jobs were the wallet's): a kind is the key of
// its windows and dead letters in the job store, so a new name would orphan the ones already there.
export const EXPIRE_DEPOSITS = 'wallet.expire-deposits';
export const FORCE_RECEIPTS = 'wallet.force-receipts';

/**
 * The payments' periodic jobs: unpaid deposit orders past their deadline are marked expired, and paid withdrawals
 * the member did not confirm in time are marked received. Reads already show both as of now; these write it down.
 * Each run handles everything due up to now, so after downtime only the newest missed window needs to run.
 */
export function schedulePaymentSweeps(
  jobs: JobScheduler,
  { deposits, withdrawals, everyMs }: { deposits: DepositService; withdrawals: WithdrawalService; everyMs: number },
) {
  jobs.define(EXPIRE_DEPOSITS, async () => ({ expired: await deposits.expireDue() }));
  jobs.every(EXPIRE_DEPOSITS, { everyMs, catchUp: 1 });
  jobs.define(FORCE_RECEIPTS, async () => ({ forced: await withdrawals.forceDueReceipts() }));
  jobs.every(FORCE_RECEIPTS, { everyMs, catchUp: 1 });
}
