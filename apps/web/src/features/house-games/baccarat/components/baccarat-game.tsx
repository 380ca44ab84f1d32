import type { BaccaratDealRequest, BaccaratSpot, HouseSessionValue } from '@portal/shared/house-games';
import { fromMinor, toMinor } from '@portal/shared/money';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { HelpIcon } from '../../shared/help-icon';
import { newRoundKey, playCurrency } from '../../shared/house-api';
import { useDealBaccarat } from '../api/deal-baccarat';
import { useCardRooms } from '../api/get-card-rooms';
import { betsToRequest, hasBets, isPair, settlementResult, totalStake } from '../lib/baccarat';
import { canBet, classifyDealError, initialTableState, tableReducer } from '../lib/table-state';
import { BaccaratHands } from './baccarat-hands';
import { BaccaratHelp } from './baccarat-help';
import { BeadRoad } from './bead-road';
import { BetSpots, type SpotOutcome } from './bet-spots';
import { ChipRack } from './chip-rack';
import { RoomPicker } from './room-picker';

interface BaccaratGameProps {
  session: HouseSessionValue;
  /** The launch session's token; undefined in free play. */
  token: string | undefined;
  /** The pause between two cards turned; a third card waits half as long again, for the suspense. */
  revealStepMs: number;
}

/** The table once the session is known: balance, road, hands, felt, chips and the deal. */
export function BaccaratGame({ session, token, revealStepMs }: BaccaratGameProps) {
  const { t, i18n } = useTranslation();
  const [state, dispatch] = useReducer(tableReducer, session, initialTableState);
  const rooms = useCardRooms(i18n.language).data?.list ?? [];
  const [chosenRoom, setChosenRoom] = useState<string | null>(null);
  // The first table until the player picks one; the server plays the first table when none is named.
  const room = chosenRoom ?? rooms[0]?.roomId;
  const [helpOpen, setHelpOpen] = useState(false);
  const deal = useDealBaccarat();
  // A second tap can land before the disabled button re-renders; the ref closes that gap.
  const sendingRef = useRef(false);
  const format = useMoneyFormat();
  const currency = playCurrency(session);
  const money = (minor: bigint) => format(fromMinor(minor), currency);

  const { phase, round, revealed } = state;
  useEffect(() => {
    if (phase !== 'revealing') return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), revealed >= 4 ? revealStepMs * 1.5 : revealStepMs);
    return () => clearTimeout(timer);
  }, [phase, revealed, revealStepMs]);

  function send(body: BaccaratDealRequest) {
    if (sendingRef.current) return;
    sendingRef.current = true;
    dispatch({ type: 'send' });
    deal.mutate(body, {
      onSuccess: (value) => dispatch({ type: 'dealt', round: value }),
      onError: (error) => dispatch({ type: 'failed', problem: classifyDealError(error), body }),
      onSettled: () => {
        sendingRef.current = false;
      },
    });
  }

  function onDeal() {
    // The key is made before sending, so a resend after a lost answer asks for this round, never a new one.
    const body: BaccaratDealRequest = { roundKey: newRoundKey(), bets: betsToRequest(state.bets) };
    if (token) body.token = token;
    if (room) body.room = room;
    send(body);
  }

  const settled = round !== null && phase === 'betting';
  const stake = totalStake(state.bets);
  const overBalance = stake > state.balance;
  const bettable = canBet(state);
  const busy = phase !== 'betting';
  const shownBalance = phase === 'revealing' && round ? state.balance - toMinor(round.stake) : state.balance;

  const results: Partial<Record<BaccaratSpot, SpotOutcome>> | null =
    settled && state.showResults
      ? Object.fromEntries(
          round.settlements.map((s) => [s.spot, { result: settlementResult(s.spot, s, round.outcome), win: s.win }]),
        )
      : null;
  const lit = new Set<BaccaratSpot>();
  if (settled && state.showResults) {
    lit.add(round.outcome);
    if (isPair(round.player)) lit.add('playerPair');
    if (isPair(round.banker)) lit.add('bankerPair');
  }
  const feltStakes = hasBets(state.bets) || !results ? state.bets : (state.lastBets ?? {});

  const win = settled ? toMinor(round.win) : 0n;
  const announcement = settled
    ? t(win > 0n ? 'houseBaccarat.announce.won' : 'houseBaccarat.announce.lost', {
        outcome: t(`houseBaccarat.outcome.${round.outcome}`),
        player: round.playerTotal,
        banker: round.bankerTotal,
        amount: money(win),
      })
    : '';

  const problem = state.problem;

  return (
    <div className="bac">
      <header className="bac-bar">
        <h1 className="bac-bar__title">{t('houseBaccarat.title')}</h1>
        <span className={`bac-mode bac-mode--${session.mode}`} data-testid="baccarat-mode">
          <span className="visually-hidden">{t('houseBaccarat.mode.label')}: </span>
          {t(`houseBaccarat.mode.${session.mode}`)}
        </span>
        <p className="bac-balance">
          <span className="bac-balance__label">{t('houseBaccarat.balance')}</span>
          <span className="bac-balance__amount tabular" data-testid="baccarat-balance">
            {money(shownBalance)}
          </span>
        </p>
        <button
          type="button"
          className="bac-icon-button"
          aria-haspopup="dialog"
          aria-label={t('houseBaccarat.help')}
          onClick={() => setHelpOpen(true)}
        >
          <HelpIcon />
        </button>
      </header>

      <div className="bac-layout">
        <div className="bac-felt">
          <BaccaratHands round={round} revealed={revealed} settled={settled} dealing={phase === 'sending'} />
          <BetSpots
            stakes={feltStakes}
            settledStakes={feltStakes !== state.bets}
            results={results}
            lit={lit}
            disabled={!bettable}
            onBet={(spot) => dispatch({ type: 'bet', spot })}
          />
        </div>

        <div className="bac-side">
          <BeadRoad road={state.road} firstNumber={state.roundsPlayed - state.road.length + 1} />

          <div className="bac-result" aria-live="polite" aria-atomic="true">
            <span className="visually-hidden">{announcement}</span>
            {settled ? (
              <p className={`bac-result__line${win > 0n ? ' bac-result__line--win' : ''}`} aria-hidden="true">
                {win > 0n ? (
                  <>
                    <span>{t('houseBaccarat.totalWin')}</span>
                    <strong className="tabular" data-testid="baccarat-win">
                      +{money(win)}
                    </strong>
                  </>
                ) : (
                  <span data-testid="baccarat-win">{t('houseBaccarat.noWin')}</span>
                )}
              </p>
            ) : (
              <p className="bac-result__line bac-result__line--hint" aria-hidden="true">
                {t('houseBaccarat.hint')}
              </p>
            )}
          </div>

          {problem ? (
            <div className={`bac-alert bac-alert--${problem.kind}`} role="alert">
              {problem.kind === 'network' ? <p>{t('houseBaccarat.errors.network')}</p> : <p>{problem.message}</p>}
              {problem.kind === 'expired' ? <p>{t('houseBaccarat.errors.sessionExpired')}</p> : null}
              {problem.kind === 'refused' && problem.balance !== null ? (
                <p className="tabular">{t('houseBaccarat.errors.balanceNow', { amount: money(problem.balance) })}</p>
              ) : null}
              {problem.kind === 'network' && state.retryBody ? (
                <button
                  type="button"
                  className="button button--primary"
                  disabled={busy}
                  onClick={() => state.retryBody && send(state.retryBody)}
                >
                  {t('houseBaccarat.retry')}
                </button>
              ) : null}
            </div>
          ) : null}

          <div className="bac-controls">
            <RoomPicker
              rooms={rooms}
              selected={room ?? ''}
              currency={currency}
              disabled={!bettable}
              onSelect={setChosenRoom}
            />
            <ChipRack
              selected={state.chip}
              disabled={!bettable}
              onSelect={(chip) => dispatch({ type: 'chip', chip })}
            />
            <div className="bac-actions">
              <button
                type="button"
                className="bac-action"
                aria-label={t('houseBaccarat.clearAria')}
                disabled={!bettable || !hasBets(state.bets)}
                onClick={() => dispatch({ type: 'clear' })}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M5 7h14M10 11v6M14 11v6M7 7l1 12h8l1-12M9.5 7V4.5h5V7"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span aria-hidden="true">{t('houseBaccarat.clear')}</span>
              </button>
              <button
                type="button"
                className="bac-action"
                aria-label={t('houseBaccarat.repeatAria')}
                disabled={!bettable || !state.lastBets}
                onClick={() => dispatch({ type: 'repeat' })}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path
                    d="M4 12a8 8 0 0 1 13.7-5.6L20 8.5M20 4v4.5h-4.5M20 12a8 8 0 0 1-13.7 5.6L4 15.5M4 20v-4.5h4.5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span aria-hidden="true">{t('houseBaccarat.repeat')}</span>
              </button>
              <p className={`bac-stake${overBalance ? ' bac-stake--over' : ''}`}>
                <span className="bac-stake__label">{t('houseBaccarat.totalStake')}</span>
                <span className="bac-stake__amount tabular" data-testid="baccarat-total-stake">
                  {money(stake)}
                </span>
              </p>
              <button
                type="button"
                className="bac-deal"
                data-testid="baccarat-deal"
                aria-busy={busy || undefined}
                disabled={!bettable || stake <= 0n || overBalance}
                onClick={onDeal}
              >
                {busy ? t('houseBaccarat.dealing') : t('houseBaccarat.deal')}
              </button>
            </div>
            {overBalance ? <p className="bac-over">{t('houseBaccarat.overBalance')}</p> : null}
          </div>
        </div>
      </div>

      <BaccaratHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </div>
  );
}
