import type {
  DiceRollRequest,
  DiceRollValue,
  DiceRotateRequest,
  DiceRotateValue,
  HouseSessionValue,
} from '@portal/shared/house-games';
import { fromMinor, isDecimalAmount, parsePositiveAmount, toMinor } from '@portal/shared/money';
import { type DiceDirection, isValidClientSeed } from '@portal/shared/provably-fair';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import {
  type HouseLaunch,
  isFreePlay,
  newRoundKey,
  playCurrency,
  useHouseLaunch,
  useHouseSession,
} from '@/features/house-games/shared/house-api';
import { ApiError } from '@/lib/api-client';
import { useMoneyFormat } from '@/lib/money-format';
import { usePageTitle } from '@/lib/use-page-title';
import { useHouseLanguage } from '../shared/use-house-language';
import { type DiceSeedOwner, diceKeys, useDiceSeed } from './api/get-dice-seed';
import { useRevealedSeeds } from './api/get-revealed-seeds';
import { useRollDice } from './api/roll-dice';
import { useRotateDiceSeeds } from './api/rotate-dice-seeds';
import { clampTarget, DiceControls, flipTarget } from './components/dice-controls';
import { DICE_HISTORY_SIZE, DiceHistory, type DiceHistoryEntry } from './components/dice-history';
import { DiceStage } from './components/dice-stage';
import { DiceTopBar, DieIcon } from './components/dice-top-bar';
import { FairnessPanel } from './components/fairness-panel';
import { PlayAlert } from './components/play-alert';
import { describePlayError, type PlayError } from './lib/play-error';
import './i18n/register';
import '@/styles/house-dice.css';

const DEFAULT_STAKE = '10.00';
/** Under 49.50: a 49.50% chance paying ×2.0000. */
const DEFAULT_TARGET = 4950;

/** A failed request; `retry` resends it exactly as it was when its answer was lost. */
interface Failure {
  error: PlayError;
  retry: (() => void) | null;
}

interface DiceTableProps {
  launch: HouseLaunch;
  session: HouseSessionValue;
  owner: DiceSeedOwner;
}

/** The game once the session is known: the page's balance, the bet, the rounds and the seeds. */
function DiceTable({ launch, session, owner }: DiceTableProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const seed = useDiceSeed(owner);
  const rollMutation = useRollDice();
  const rotateMutation = useRotateDiceSeeds();
  const free = isFreePlay(session.mode);

  const [balance, setBalance] = useState(session.balance);
  const [stake, setStake] = useState(DEFAULT_STAKE);
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(DEFAULT_TARGET);
  const [last, setLast] = useState<DiceRollValue | null>(null);
  const [history, setHistory] = useState<DiceHistoryEntry[]>([]);
  const [revealed, setRevealed] = useState<DiceRotateValue['revealed'] | null>(null);
  // Before this page's first rotation, the pair retired last time (a reopened game can still verify it).
  const earlier = useRevealedSeeds(owner).data?.list[0] ?? null;
  /** The client seed the player typed for the next pair; null follows the pair in play. */
  const [clientSeedDraft, setClientSeedDraft] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [ended, setEnded] = useState(false);

  const format = useMoneyFormat();
  const currency = playCurrency(session);
  const money = (amount: string) => format(amount, currency);
  const balanceMinor = isDecimalAmount(balance) ? toMinor(balance) : null;
  const stakeMinor = parsePositiveAmount(stake.trim());
  const stakeError =
    stakeMinor === null
      ? t('houseDice.controls.stakeInvalid')
      : balanceMinor !== null && stakeMinor > balanceMinor
        ? t('houseDice.controls.stakeTooHigh')
        : null;
  const busy = rollMutation.isPending || rotateMutation.isPending;
  // A request whose answer was lost is settled (retried) before anything else, so that the page never plays on
  // seeds it has not shown or a balance it does not know.
  const awaitingRetry = failure?.retry != null;
  const locked = busy || ended || awaitingRetry;
  const canRoll = !locked && seed.data !== undefined && stakeError === null;
  const clientSeed = clientSeedDraft ?? seed.data?.clientSeed ?? '';

  function handleFailure(error: unknown, retry: () => void) {
    const described = describePlayError(error);
    if (described.kind === 'expired') setEnded(true);
    if (described.kind === 'funds' && described.balance && !free) setBalance(described.balance);
    setFailure({ error: described, retry: described.kind === 'network' ? retry : null });
  }

  function applyRoll(value: DiceRollValue) {
    setBalance((current) => {
      // Free play keeps its balance here; real and demo money show what the wallet says after the round.
      if (!free && value.balance !== null) return value.balance;
      return fromMinor(toMinor(current) - toMinor(value.stake) + toMinor(value.win));
    });
    setLast(value);
    setHistory((entries) => [{ ...value, serverSeed: null }, ...entries].slice(0, DICE_HISTORY_SIZE));
    queryClient.setQueryData(diceKeys.seed(owner), {
      serverSeedHash: value.serverSeedHash,
      clientSeed: value.clientSeed,
      nonce: value.nonce + 1,
    });
  }

  function sendRoll(body: DiceRollRequest) {
    setFailure(null);
    rollMutation.mutate(body, {
      onSuccess: applyRoll,
      onError: (error) => handleFailure(error, () => sendRoll(body)),
    });
  }

  function roll() {
    if (!canRoll || stakeMinor === null) return;
    const amount = fromMinor(stakeMinor);
    setStake(amount);
    // The round key is made before sending: a retry of this body answers this round, never plays another.
    sendRoll({ token: owner.token, freeKey: owner.freeKey, roundKey: newRoundKey(), amount, direction, target });
  }

  function sendRotate(body: DiceRotateRequest) {
    setFailure(null);
    rotateMutation.mutate(body, {
      onSuccess: (value) => {
        setRevealed(value.revealed);
        setHistory((entries) =>
          entries.map((entry) =>
            entry.serverSeedHash === value.revealed.serverSeedHash
              ? { ...entry, serverSeed: value.revealed.serverSeed }
              : entry,
          ),
        );
        queryClient.setQueryData(diceKeys.seed(owner), value.next);
        setClientSeedDraft(null);
      },
      onError: (error) => handleFailure(error, () => sendRotate(body)),
    });
  }

  function rotate() {
    if (locked || !isValidClientSeed(clientSeed)) return;
    // The commitment being retired goes with it: a retry of this body gets the same reveal, never a second rotation.
    sendRotate({ token: owner.token, freeKey: owner.freeKey, clientSeed, serverSeedHash: seed.data?.serverSeedHash });
  }

  function changeDirection(next: DiceDirection) {
    if (next === direction) return;
    setDirection(next);
    // The same chance the other way round, so that flipping does not change the payout.
    setTarget(clampTarget(next, flipTarget(target)));
  }

  return (
    <div className="hdice">
      <DiceTopBar
        title={t('houseDice.title')}
        mode={session.mode}
        balance={balanceMinor === null ? null : money(balance)}
      />
      <div className="hdice__layout">
        <div className="hdice__play">
          <DiceStage
            last={last}
            direction={direction}
            target={target}
            rolling={rollMutation.isPending}
            formatAmount={money}
          />
          <div className="hdice-panel hdice-bet">
            <DiceControls
              stake={stake}
              onStakeChange={setStake}
              stakeError={stakeError}
              direction={direction}
              onDirectionChange={changeDirection}
              target={target}
              onTargetChange={setTarget}
              balanceMinor={balanceMinor}
              formatAmount={money}
              disabled={ended}
            />
            {failure ? (
              <PlayAlert
                error={failure.error}
                formatBalance={money}
                onRetry={failure.retry ?? undefined}
                retrying={busy}
                onDismiss={failure.retry || ended ? undefined : () => setFailure(null)}
              />
            ) : null}
            <button
              type="button"
              className="hdice-roll"
              onClick={roll}
              disabled={!canRoll}
              aria-busy={rollMutation.isPending || undefined}
              data-testid="dice-roll"
            >
              <DieIcon className={`hdice-roll__die${rollMutation.isPending ? ' is-rolling' : ''}`} />
              <span>{rollMutation.isPending ? t('houseDice.rolling') : t('houseDice.roll')}</span>
            </button>
          </div>
        </div>
        <div className="hdice__side">
          <FairnessPanel
            seed={seed.data}
            seedFailed={seed.isError}
            onReloadSeed={() => void seed.refetch()}
            clientSeed={clientSeed}
            onClientSeedChange={setClientSeedDraft}
            onRotate={rotate}
            rotating={rotateMutation.isPending}
            locked={locked}
            revealed={revealed ?? earlier}
            language={launch.language}
          />
          <DiceHistory entries={history} formatAmount={money} language={launch.language} />
        </div>
      </div>
    </div>
  );
}

/** While the session loads: the game's frame with placeholders, so nothing jumps when it arrives. */
function DiceLoading() {
  const { t } = useTranslation();
  return (
    <div className="hdice" aria-busy="true">
      <DiceTopBar title={t('houseDice.title')} mode={null} balance={null} />
      <div className="hdice__layout">
        <div className="hdice__play">
          <div className="hdice-stage hdice-stage--loading">
            <Skeleton width="50%" height={56} />
          </div>
          <div className="hdice-panel hdice-bet">
            <Skeleton height={180} radius="card" />
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * /house/dice?token=…&lang=…: provably-fair dice in the game iframe. The server commits to its seed before play;
 * each roll is HMAC-SHA256(server seed, client seed:nonce), and "Change seeds" reveals the seed for the verifier.
 */
export function HouseDicePage() {
  const { t } = useTranslation();
  const launch = useHouseLaunch();
  useHouseLanguage(launch.language);
  usePageTitle(t('houseDice.title'));
  // Free play has no account: the page's own key, made once per page load, names its seeds on the server.
  const [freeKey] = useState(() => crypto.randomUUID());
  const session = useHouseSession(launch.token);
  const owner: DiceSeedOwner = { token: launch.token, freeKey: launch.token ? undefined : freeKey };

  if (session.isPending) return <DiceLoading />;
  if (session.isError) {
    const expired = session.error instanceof ApiError && session.error.code === 'SESSION_EXPIRED';
    return (
      <div className="hdice hdice--error">
        <ErrorState
          title={expired ? t('houseDice.sessionEnded') : t('houseDice.sessionFailed')}
          message={expired ? t('houseDice.errors.expiredHint') : undefined}
          onRetry={expired ? undefined : () => void session.refetch()}
          retryLabel={t('houseDice.errors.retry')}
          testId="dice-session-error"
        />
      </div>
    );
  }
  return <DiceTable launch={launch} session={session.data} owner={owner} />;
}
