import { fromMinor } from '@portal/shared/money';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { newIdempotencyKey, outcomeUnknown } from '@/lib/idempotency';
import { useMoneyFormat } from '@/lib/money-format';
import type { LotteryGameDetails, SlipItem } from '../api/lottery-types';
import { usePlaceChase } from '../api/place-chase';
import { usePlaceSlip } from '../api/place-slip';
import { useBetNames } from '../hooks/use-bet-names';
import { numeroLabel } from '../lib/draw-numbers';
import { itemWinMinor, MAX_CHASE_DRAWS, slipTotals } from '../lib/slip';

export interface ConfirmSheetProps {
  details: LotteryGameDetails;
  numero: string | null;
  /** False once betting on the draw has closed. */
  open: boolean;
  items: SlipItem[];
  /** Whether the picks may be chased over the next draws. */
  chase?: boolean;
  /**
   * The draws taking bets, soonest first, where the page knows them (a Vietnamese game's next days): a chase covers
   * at most these, and the sheet names its last one.
   */
  chaseNumeros?: string[];
  /** What a pick wins, in words; by default the most it can win at the game's odds. */
  winText?: (item: SlipItem) => string;
  /** Shown above the total: the Vietnamese ticket preview, given the draws the bets are staked on. */
  preview?: (draws: number) => ReactNode;
  /** A refusal (a 4xx): the page may read what changed (a new price) again. */
  onRefused?: (error: ApiError) => void;
  onClose: () => void;
  /** The bets were placed: the slip empties and the balance is read again. */
  onPlaced: () => void;
}

/**
 * The confirmation before money moves: each pick with its cost and best win, the chase option for a single pick,
 * and the total. One request key per distinct request: pressing Confirm again after a lost answer resends the same
 * key, so the server places the bet at most once.
 */
export function ConfirmSheet({
  details,
  numero,
  open,
  items,
  chase: chaseAllowed = true,
  chaseNumeros,
  winText,
  preview,
  onRefused,
  onClose,
  onPlaced,
}: ConfirmSheetProps) {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const toast = useToast();
  const slip = usePlaceSlip();
  const chase = usePlaceChase();
  const [chasing, setChasing] = useState(false);
  const maxDraws = Math.min(MAX_CHASE_DRAWS, chaseNumeros?.length ?? MAX_CHASE_DRAWS);
  const [chosenDraws, setDraws] = useState(5);
  const draws = Math.max(1, Math.min(chosenDraws, maxDraws));
  const [stopAfterWin, setStopAfterWin] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<{ body: string; key: string } | null>(null);
  const canChase = chaseAllowed && items.length === 1 && maxDraws >= 2;
  const chaseDraws = canChase && chasing ? draws : 1;
  const lastNumero = chaseNumeros?.[draws - 1];
  const totals = slipTotals(items, details.odds, chaseDraws);
  const pending = slip.isPending || chase.isPending;
  const names = useBetNames();

  function keyFor(body: unknown): string {
    const text = JSON.stringify(body);
    if (key.current?.body !== text) key.current = { body: text, key: newIdempotencyKey() };
    return key.current.key;
  }

  function failed(cause: unknown) {
    if (outcomeUnknown(cause)) {
      setError(t('lottery.confirm.unknownOutcome'));
      return;
    }
    setError(cause instanceof ApiError ? cause.message : String(cause));
    if (cause instanceof ApiError) onRefused?.(cause);
  }

  function confirm() {
    setError(null);
    const single = items[0];
    if (canChase && chasing && single) {
      const request = { gameId: details.gameId, ...single, draws, stopAfterWin };
      chase.mutate(
        { request, idempotencyKey: keyFor(request) },
        {
          onSuccess: (answer) => {
            toast.show(t('lottery.confirm.placedChase', { count: answer.bets.length }), 'success');
            onPlaced();
          },
          onError: failed,
        },
      );
      return;
    }
    if (!numero) return;
    const request = { gameId: details.gameId, numero, items };
    slip.mutate(
      { request, idempotencyKey: keyFor(request) },
      {
        onSuccess: () => {
          toast.show(t('lottery.confirm.placed', { numero: numeroLabel(details.gameGroupCode, numero) }), 'success');
          onPlaced();
        },
        onError: failed,
      },
    );
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('lottery.confirm.title')}
      fitContent
      testId="lottery-confirm"
      footer={
        <div className="lottery-confirm__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('lottery.confirm.cancel')}
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={pending || (!open && !(canChase && chasing))}
            onClick={confirm}
          >
            {pending ? t('lottery.confirm.placing') : t('lottery.confirm.confirm')}
          </button>
        </div>
      }
    >
      <p className="lottery-confirm__draw tabular">
        {details.name} ·{' '}
        {numero
          ? t('lottery.confirm.draw', { numero: numeroLabel(details.gameGroupCode, numero) })
          : t('lottery.draw.drawing')}
      </p>
      <ul className="lottery-confirm__items">
        {items.map((item) => {
          const win = itemWinMinor(item, details.odds);
          const winLine = winText
            ? winText(item)
            : t('lottery.confirm.winUpTo', { amount: win === null ? '—' : format(fromMinor(win)) });
          return (
            <li key={`${item.betType}:${item.selection}`}>
              <span>
                {names.betType(item.betType)}: <strong>{names.selection(item.selection)}</strong>
              </span>
              <span className="tabular">
                {t('lottery.confirm.each', { stake: format(item.stake), multiple: item.multiple })}
              </span>
              <span className="lottery-confirm__win tabular">{winLine}</span>
            </li>
          );
        })}
      </ul>

      {chaseAllowed ? (
        <fieldset className="lottery-confirm__chase">
          <label className="lottery-check">
            <input
              type="checkbox"
              checked={canChase && chasing}
              disabled={!canChase}
              onChange={(event) => setChasing(event.target.checked)}
            />
            {t('lottery.confirm.chase')}
          </label>
          {!canChase ? (
            <p className="lottery-confirm__hint">
              {items.length === 1
                ? t('lottery.confirm.chaseAvailable', { count: maxDraws })
                : t('lottery.confirm.chaseOnlyOne')}
            </p>
          ) : null}
          {canChase && chasing ? (
            <div className="lottery-confirm__chase-fields">
              <label className="lottery-confirm__draws">
                {t('lottery.confirm.chaseDraws')}
                <input
                  type="number"
                  inputMode="numeric"
                  min={2}
                  max={maxDraws}
                  className="field__input tabular"
                  value={draws}
                  onChange={(event) =>
                    setDraws(Math.min(maxDraws, Math.max(1, Math.trunc(Number(event.target.value) || 1))))
                  }
                />
              </label>
              {lastNumero ? (
                <p className="lottery-confirm__hint tabular" data-testid="lottery-chase-until">
                  {t('lottery.confirm.chaseUntil', { date: numeroLabel(details.gameGroupCode, lastNumero) })}
                </p>
              ) : null}
              <label className="lottery-check">
                <input
                  type="checkbox"
                  checked={stopAfterWin}
                  onChange={(event) => setStopAfterWin(event.target.checked)}
                />
                {t('lottery.confirm.stopAfterWin')}
              </label>
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {preview?.(chaseDraws)}

      <p className="lottery-confirm__total">
        {t('lottery.confirm.total')}{' '}
        <strong className="tabular" data-testid="lottery-confirm-total">
          {format(totals.total)}
        </strong>
      </p>
      {chaseDraws > 1 ? (
        <p className="lottery-confirm__hint tabular" data-testid="lottery-chase-each">
          {t('lottery.confirm.chaseEach', { amount: format(totals.cost), count: chaseDraws })}
        </p>
      ) : null}
      {error ? (
        <p className="lottery-confirm__error" role="alert">
          {error}
        </p>
      ) : null}
    </Modal>
  );
}
