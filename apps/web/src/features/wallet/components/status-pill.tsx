import type { DepositStatus, WithdrawalStatus } from '@portal/shared/wallet';
import { useTranslation } from 'react-i18next';

type Tone = 'info' | 'warning' | 'success' | 'danger' | 'muted';

const DEPOSIT_TONES: Record<DepositStatus, Tone> = {
  created: 'info',
  waiting_confirmation: 'warning',
  confirmed: 'success',
  expired: 'muted',
  rejected: 'danger',
};

const WITHDRAWAL_TONES: Record<WithdrawalStatus, Tone> = {
  pending: 'warning',
  cancelled: 'muted',
  rejected: 'danger',
  paid: 'info',
  received: 'success',
  not_received: 'danger',
  fully_paid: 'success',
  refunded: 'muted',
};

const BET_TONES: Record<'open' | 'settled' | 'refunded', Tone> = {
  open: 'info',
  settled: 'success',
  refunded: 'muted',
};

export type StatusPillProps =
  | { kind: 'deposit'; status: DepositStatus }
  | { kind: 'withdrawal'; status: WithdrawalStatus }
  | { kind: 'bet'; status: 'open' | 'settled' | 'refunded' };

function toneOf(props: StatusPillProps): Tone {
  if (props.kind === 'deposit') return DEPOSIT_TONES[props.status] ?? 'muted';
  if (props.kind === 'withdrawal') return WITHDRAWAL_TONES[props.status] ?? 'muted';
  return BET_TONES[props.status] ?? 'muted';
}

/** A status as a coloured pill with its word: the word, not the colour, carries the meaning. */
export function StatusPill(props: StatusPillProps) {
  const { t } = useTranslation();
  return (
    <span className={`status-pill status-pill--${toneOf(props)}`} data-status={props.status}>
      {t(`wallet.status.${props.kind}.${props.status}`)}
    </span>
  );
}
