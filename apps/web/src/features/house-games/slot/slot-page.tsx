import { FREE_PLAY_BALANCE, type SlotInfoValue, type SlotRoundValue } from '@portal/shared/house-games';
import { type CSSProperties, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Modal } from '@/components/ui/modal';
import { Skeleton } from '@/components/ui/skeleton';
import { useLanguage } from '@/i18n';
import { useMoneyFormat } from '@/lib/money-format';
import { useMediaQuery } from '@/lib/use-media-query';
import { usePageTitle } from '@/lib/use-page-title';
import { newRoundKey, playCurrency, useHouseLaunch, useHouseSession } from '../shared/house-api';
import { useHouseLanguage } from '../shared/use-house-language';
import { useSlotInfo } from './api/get-slot-info';
import { useSpinSlot } from './api/spin-slot';
import { BetSelector } from './components/bet-selector';
import { JackpotCounter } from './components/jackpot-counter';
import { LineWinList } from './components/line-win-list';
import { RoundStatus } from './components/round-status';
import { SlotHelpDialog } from './components/slot-help-dialog';
import { type ReelLine, SlotReels } from './components/slot-reels';
import { REEL_COUNT, runningWin, useRoundPlayback } from './hooks/use-round-playback';
import { balanceAfter, canAfford, isPositive, scatterCells, totalStake, winningCells } from './lib/slot-math';
import { SPIN_STRIP, symbolNameKey } from './lib/slot-symbols';
import { isUnanswered, spinFailureText } from './lib/spin-errors';
import './i18n/register';
import '@/styles/house-slot.css';
import { HelpIcon } from '../shared/help-icon';

const ROWS = 3;

/** What the reels show before the first spin: a fixed, calm arrangement with no line won. */
const OPENING_GRID: string[][] = Array.from({ length: REEL_COUNT }, (_, reel) =>
  Array.from({ length: ROWS }, (__, row) => SPIN_STRIP[(reel * 4 + row * 3) % SPIN_STRIP.length]!),
);

/**
 * The house video slot (5 reels, 3 rows, 20 lines) in the game iframe: `/house/slot?token=…&lang=…`. The server
 * plays and settles each round; this page only shows it: reels stopping left to right, winning lines, then any free
 * spins one after another with a running total. Real and demo money keep the wallet's balance, free play its own.
 */
export function HouseSlotPage() {
  const { t } = useTranslation();
  const launch = useHouseLaunch();
  useHouseLanguage(launch.language);
  usePageTitle(t('houseSlot.title'));
  const session = useHouseSession(launch.token);
  const info = useSlotInfo();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');

  const ready = session.data && info.data;
  return (
    <main className="house-slot" data-testid="house-slot">
      <header className="house-slot__top">
        <h1 className="house-slot__title">{t('houseSlot.title')}</h1>
        <JackpotCounter reducedMotion={reducedMotion} />
      </header>
      {session.isError || info.isError ? (
        <ErrorState
          message={session.isError ? spinFailureText(session.error, launch.language, t) : t('houseSlot.loadFailed')}
          onRetry={() => {
            if (session.isError) void session.refetch();
            if (info.isError) void info.refetch();
          }}
          testId="slot-load-error"
        />
      ) : ready ? (
        <SlotMachine
          info={info.data}
          token={launch.token}
          mode={session.data.mode}
          startingBalance={session.data.balance}
          currency={playCurrency(session.data)}
          reducedMotion={reducedMotion}
        />
      ) : (
        <div className="house-slot__loading" aria-busy="true">
          <span className="visually-hidden">{t('houseSlot.loading')}</span>
          <Skeleton className="house-slot__skeleton" aspectRatio="5 / 3" />
          <Skeleton height="48px" />
        </div>
      )}
    </main>
  );
}

interface SlotMachineProps {
  info: SlotInfoValue;
  token: string | undefined;
  mode: 'real' | 'demo' | 'free';
  startingBalance: string;
  /** The currency the game plays (see playCurrency). */
  currency: string;
  reducedMotion: boolean;
}

function SlotMachine({ info, token, mode, startingBalance, currency, reducedMotion }: SlotMachineProps) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const language = useLanguage();
  const spinSlot = useSpinSlot();

  const [betIndex, setBetIndex] = useState(0);
  const [balance, setBalance] = useState(startingBalance);
  /** The stake of the round being played: taken off the balance shown until the round's end is on screen. */
  const [heldStake, setHeldStake] = useState<string | null>(null);
  const [lastWin, setLastWin] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const [jackpotWin, setJackpotWin] = useState<string | null>(null);
  const [focusedLine, setFocusedLine] = useState<number | null>(null);
  /** The key of a spin that got no answer: pressing Spin again at the same bet resumes that round. */
  const unansweredRef = useRef<{ key: string; betPerLine: string } | null>(null);
  const balanceBeforeRef = useRef(startingBalance);

  const betPerLine = info.betsPerLine[betIndex] ?? info.betsPerLine[0] ?? '0.00';
  const stake = totalStake(betPerLine, info.lines);
  const scatterId = info.symbols.find((s) => s.scatter)?.id ?? 'SC';

  const symbolName = useCallback(
    (id: string) => {
      const key = symbolNameKey(id);
      return key ? t(key) : id;
    },
    [t],
  );

  const finishRound = useCallback((round: SlotRoundValue) => {
    setBalance(round.balance ?? balanceAfter(balanceBeforeRef.current, round.stake, round.win));
    setHeldStake(null);
    setLastWin(round.win);
    if (round.jackpotWin) setJackpotWin(round.jackpotWin);
  }, []);
  const playback = useRoundPlayback(reducedMotion, finishRound);
  const { round, spinIndex, reelsStopped, finished } = playback.state;
  const presenting = round !== null && !finished;
  const busy = pending || presenting;

  async function spin() {
    if (busy) return;
    setError(null);
    // Free play keeps its balance here, so only this page can refuse a stake above it; for real and demo money the
    // wallet decides (the balance shown may be older than a deposit made meanwhile).
    if (mode === 'free' && !canAfford(balance, stake)) {
      setError(t('houseSlot.errors.cannotAffordFree'));
      return;
    }
    const retry = unansweredRef.current?.betPerLine === betPerLine ? unansweredRef.current : null;
    const roundKey = retry?.key ?? newRoundKey();
    unansweredRef.current = { key: roundKey, betPerLine };
    balanceBeforeRef.current = balance;
    const pressedAt = performance.now();
    setFocusedLine(null);
    setHeldStake(stake);
    setPending(true);
    try {
      const played = await spinSlot.mutateAsync({ token, roundKey, betPerLine });
      unansweredRef.current = null;
      playback.start(played, pressedAt);
    } catch (failure) {
      if (!isUnanswered(failure)) unansweredRef.current = null;
      setHeldStake(null);
      setError(spinFailureText(failure, language, t));
    } finally {
      setPending(false);
    }
  }

  const shownSpin = round?.spins[spinIndex] ?? null;
  const stopped = !pending && shownSpin !== null && reelsStopped >= REEL_COUNT;
  const grid = shownSpin?.grid ?? OPENING_GRID;
  const spinning = Array.from({ length: REEL_COUNT }, (_, reel) => pending || (presenting && reel >= reelsStopped));

  const highlighted = useMemo(() => {
    if (!stopped || !shownSpin) return { cells: new Set<string>(), lines: [] as ReelLine[] };
    const wins = focusedLine === null ? shownSpin.lineWins : shownSpin.lineWins.filter((w) => w.line === focusedLine);
    const cells = winningCells(wins, info.paylines);
    if (focusedLine === null) for (const cell of scatterCells(shownSpin, scatterId)) cells.add(cell);
    const lines = wins.flatMap((win) => {
      const rows = info.paylines[win.line - 1];
      return rows ? [{ line: win.line, rows }] : [];
    });
    return { cells, lines };
  }, [stopped, shownSpin, focusedLine, info.paylines, scatterId]);

  const freeSpins = round ? round.spins.length - 1 : 0;
  const multiplier = round?.spins[1]?.multiplier ?? info.freeSpins.multiplier;
  const announceAward = stopped && presenting && shownSpin !== null && shownSpin.freeSpinsAwarded > 0;
  const shownBalance = heldStake ? balanceAfter(balance, heldStake, '0.00') : balance;
  const affordable = canAfford(balance, stake);

  return (
    <div className="slot-machine" data-state={busy ? 'playing' : 'idle'}>
      <div className="slot-machine__bar">
        <span className={`slot-mode slot-mode--${mode}`} data-testid="slot-mode">
          {t(`houseSlot.mode.${mode}`)}
        </span>
        <button
          type="button"
          className="slot-help-button"
          onClick={() => setHelpOpen(true)}
          data-testid="slot-help-open"
        >
          <HelpIcon />
          <span className="visually-hidden">{t('houseSlot.help.open')}</span>
        </button>
      </div>

      <SlotReels
        grid={grid}
        rows={ROWS}
        spinning={spinning}
        reducedMotion={reducedMotion}
        spinKey={round ? `${round.roundId}-${spinIndex}` : 'opening'}
        landing={round !== null && !reducedMotion}
        winCells={highlighted.cells}
        winLines={highlighted.lines}
        symbolName={symbolName}
        freeSpin={shownSpin?.freeSpin ?? false}
        overlay={
          <>
            {announceAward ? (
              <p className="slot-window__announce" role="status">
                {t('houseSlot.result.freeSpinsAwarded', {
                  count: shownSpin.freeSpinsAwarded,
                  multiplier: info.freeSpins.multiplier,
                })}
              </p>
            ) : null}
            {presenting && (freeSpins > 0 || !reducedMotion) ? (
              <button type="button" className="slot-skip" onClick={playback.skip} data-testid="slot-skip">
                {t('houseSlot.skip')}
              </button>
            ) : null}
          </>
        }
      />

      <RoundStatus
        spinIndex={pending ? 0 : spinIndex}
        stopped={stopped}
        freeSpins={freeSpins}
        multiplier={multiplier}
        runningWin={pending ? '0.00' : runningWin(playback.state)}
        finished={!pending && round !== null && finished}
        currency={currency}
      />

      <dl className="slot-meters">
        <div className="slot-meter">
          <dt>{t('houseSlot.meters.balance')}</dt>
          <dd className="tabular" data-testid="slot-balance">
            {money(shownBalance, currency)}
          </dd>
        </div>
        <div className="slot-meter">
          <dt>{t('houseSlot.meters.lastWin')}</dt>
          <dd className={`tabular${isPositive(lastWin) ? ' is-win' : ''}`} data-testid="slot-last-win">
            {money(lastWin, currency)}
          </dd>
        </div>
      </dl>

      {error ? (
        <div className="slot-error" role="alert" data-testid="slot-error">
          <p>{error}</p>
          {mode === 'free' && !affordable ? (
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => {
                setBalance(FREE_PLAY_BALANCE);
                setError(null);
              }}
            >
              {t('houseSlot.errors.refill')}
            </button>
          ) : null}
        </div>
      ) : null}

      <div className="slot-controls">
        <BetSelector
          betsPerLine={info.betsPerLine}
          index={betIndex}
          onChange={(index) => {
            setBetIndex(Math.max(0, Math.min(info.betsPerLine.length - 1, index)));
            setError(null);
          }}
          lines={info.lines}
          currency={currency}
          disabled={busy}
        />
        <button
          type="button"
          className="slot-spin"
          onClick={() => void spin()}
          // Not `disabled`: the button keeps the keyboard's focus from one spin to the next.
          aria-disabled={busy}
          aria-busy={busy}
          data-testid="slot-spin"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className={busy ? 'is-turning' : undefined}>
            <path
              d="M20 12a8 8 0 1 1-2.34-5.66M20 4v4.5h-4.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span>{busy ? t('houseSlot.spinning') : t('houseSlot.spin')}</span>
        </button>
      </div>

      <LineWinList
        spin={stopped ? shownSpin : null}
        scatterId={scatterId}
        symbolName={symbolName}
        focusedLine={focusedLine}
        onFocusLine={setFocusedLine}
        currency={currency}
      />

      <SlotHelpDialog
        open={helpOpen}
        onClose={() => setHelpOpen(false)}
        info={info}
        betPerLine={betPerLine}
        currency={currency}
        symbolName={symbolName}
      />

      <Modal
        open={jackpotWin !== null}
        onClose={() => setJackpotWin(null)}
        title={t('houseSlot.jackpotWin.title')}
        size="sm"
        testId="slot-jackpot-win"
      >
        <div className="slot-jackpot-win">
          <div className="slot-jackpot-win__burst" aria-hidden="true">
            {Array.from({ length: 12 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: decorative rays
              <span key={index} style={{ '--ray': index } as CSSProperties} />
            ))}
          </div>
          <p>{t('houseSlot.jackpotWin.text')}</p>
          <p className="slot-jackpot-win__amount tabular">{money(jackpotWin, currency)}</p>
          <button type="button" className="button button--primary button--wide" onClick={() => setJackpotWin(null)}>
            {t('houseSlot.jackpotWin.collect')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
