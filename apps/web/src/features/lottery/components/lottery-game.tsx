import type { PrizeMode } from '@portal/shared/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { usePortalModals } from '@/lib/portal-modals';
import { useGameDetails } from '../api/get-game-details';
import type { LotteryKind } from '../api/get-game-menus';
import { useOpenedNumeros } from '../api/get-opened-numeros';
import type { LotteryGameDetails, SlipItem } from '../api/lottery-types';
import { useDrawCycle } from '../hooks/use-draw-cycle';
import { slipTotals, togglePick } from '../lib/slip';
import { BetBoard, type Pick } from './bet-board';
import { DrawPanel } from './draw-panel';
import { GameArt } from './game-art';
import { MyBets } from './my-bets';
import { ResultsList } from './results-list';
import { SlipDock } from './slip-dock';
import { TrendPanel } from './trend-panel';
import { VerifySheet } from './verify-sheet';
import { VnGame } from './vn-game';

type Section = 'bet' | 'results' | 'trend' | 'mine';
const SECTIONS: Section[] = ['bet', 'results', 'trend', 'mine'];

export interface LotteryGameProps {
  gameId: string;
  kind: LotteryKind;
  prizeMode: PrizeMode;
  lobbyHref: string;
  /** Money moved (a bet placed, a draw settled): the app reads the balance again. */
  onBalanceChange: () => void;
}

/** A fast lottery game: the open draw and its countdown, the bet board and slip, results, trend and my bets. */
export function LotteryGame({ gameId, kind, prizeMode, lobbyHref, onBalanceChange }: LotteryGameProps) {
  const { t } = useTranslation();
  const details = useGameDetails(gameId);
  if (details.isError) {
    const missing = details.error instanceof ApiError && details.error.status === 404;
    return (
      <div className="lottery-game">
        <Link className="lottery-back" to={lobbyHref}>
          ‹ {t('lottery.game.back')}
        </Link>
        <ErrorState
          message={missing ? t('lottery.game.notFound') : t('lottery.loadFailed')}
          onRetry={missing ? undefined : () => void details.refetch()}
        />
      </div>
    );
  }
  if (!details.data) return <SkeletonLines lines={6} />;
  const { vn } = details.data;
  if (vn) {
    return (
      <VnGame
        details={{ ...details.data, vn }}
        prizeMode={prizeMode}
        lobbyHref={lobbyHref}
        onBalanceChange={onBalanceChange}
      />
    );
  }
  if (kind === 'vn') return <ErrorState message={t('lottery.game.notFound')} />;
  return (
    <GameTable details={details.data} prizeMode={prizeMode} lobbyHref={lobbyHref} onBalanceChange={onBalanceChange} />
  );
}

interface GameTableProps extends Omit<LotteryGameProps, 'gameId' | 'kind'> {
  details: LotteryGameDetails;
}

function GameTable({ details, prizeMode, lobbyHref, onBalanceChange }: GameTableProps) {
  const { t } = useTranslation();
  const modals = usePortalModals();
  const signedIn = Boolean(useMemberInfo().data);
  const { numero, remainingMs, open, drawingNumero, results } = useDrawCycle(
    details.gameId,
    'fast',
    prizeMode,
    onBalanceChange,
  );
  const opened = useOpenedNumeros(details.gameId, numero);
  const seedHash = opened.data?.find((draw) => draw.numero === numero)?.serverSeedHash ?? null;
  const resultList = results.data?.list ?? [];

  const [section, setSection] = useState<Section>('bet');
  const [picks, setPicks] = useState<Pick[]>([]);
  const [stake, setStake] = useState('10.00');
  const [multiple, setMultiple] = useState(1);
  const [verifying, setVerifying] = useState<string | null>(null);

  const items: SlipItem[] = picks.map((pick) => ({ ...pick, stake, multiple }));
  const totals = slipTotals(items, details.odds);
  const signIn = () => modals.open({ name: 'login' });

  return (
    <div className="lottery-game">
      <header className="lottery-game__head">
        <Link className="lottery-back" to={lobbyHref} aria-label={t('lottery.game.back')}>
          ‹
        </Link>
        <GameArt className="lottery-game__art" gameGroupCode={details.gameGroupCode} gameId={details.gameId} />
        <h1 className="lottery-game__name">{details.name}</h1>
      </header>

      <DrawPanel
        numero={numero}
        remainingMs={remainingMs}
        drawingNumero={drawingNumero}
        latest={resultList[0]}
        seedHash={seedHash}
        onVerify={setVerifying}
      />

      <Tabs
        className="lottery-tabs"
        label={t('lottery.game.tabsLabel')}
        value={section}
        onChange={(key) => setSection(key as Section)}
        items={SECTIONS.map((key) => ({ key, label: t(`lottery.game.tabs.${key}`) }))}
      >
        {section === 'bet' ? (
          <BetBoard
            details={details}
            picks={picks}
            onTogglePick={(pick) => setPicks((current) => togglePick(current, pick))}
            stake={stake}
            onStake={setStake}
            multiple={multiple}
            onMultiple={setMultiple}
          />
        ) : section === 'results' ? (
          results.isError ? (
            <ErrorState message={t('lottery.loadFailed')} onRetry={() => void results.refetch()} />
          ) : results.data ? (
            <ResultsList results={resultList} onVerify={setVerifying} />
          ) : (
            <SkeletonLines lines={5} />
          )
        ) : section === 'trend' ? (
          results.data ? (
            <TrendPanel results={resultList} />
          ) : (
            <SkeletonLines lines={5} />
          )
        ) : (
          <MyBets signedIn={signedIn} onSignIn={signIn} />
        )}
      </Tabs>

      <SlipDock
        details={details}
        numero={numero}
        open={open}
        items={items}
        cost={totals.cost}
        win={totals.bestWin}
        signedIn={signedIn}
        onSignIn={signIn}
        onClear={() => setPicks([])}
        onBalanceChange={onBalanceChange}
      />
      {verifying ? (
        <VerifySheet
          gameId={details.gameId}
          group={details.gameGroupCode}
          numero={verifying}
          onClose={() => setVerifying(null)}
        />
      ) : null}
    </div>
  );
}
