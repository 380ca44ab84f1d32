import type { PrizeMode } from '@portal/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { SkeletonLines } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { useMoneyFormat } from '@/lib/money-format';
import { usePortalModals } from '@/lib/portal-modals';
import { useVnOpened } from '../api/get-vn-opened';
import { lotteryKeys } from '../api/lottery-keys';
import type { LotteryGameDetails, LotteryResult, VnBetType, VnDetails } from '../api/lottery-types';
import { useDrawCycle } from '../hooks/use-draw-cycle';
import { slipTotals } from '../lib/slip';
import { isVnResult, specialOf, vnItems, vnTicket } from '../lib/vn-ticket';
import { DrawPanel } from './draw-panel';
import { GameArt } from './game-art';
import { MyBets } from './my-bets';
import { SlipDock } from './slip-dock';
import { VnBoard } from './vn-board';
import { numeroDate, VnPrizeTable, VnSourceLabel } from './vn-prize-table';
import { VnTicketPreview } from './vn-ticket-preview';
import { VnTrendPanel } from './vn-trend-panel';

type Section = 'bet' | 'results' | 'trend' | 'mine';
const SECTIONS: Section[] = ['bet', 'results', 'trend', 'mine'];

export interface VnGameProps {
  details: LotteryGameDetails & { vn: VnDetails };
  prizeMode: PrizeMode;
  lobbyHref: string;
  onBalanceChange: () => void;
}

/** The Vietnamese draws' results, newest first, each with its full prize table and source. */
function VnResults({ results, prizes }: { results: LotteryResult[]; prizes: VnDetails['prizes'] }) {
  const { t } = useTranslation();
  const drawn = results.filter((result) => isVnResult(result.result));
  if (drawn.length === 0) return <EmptyState message={t('lottery.results.empty')} />;
  return (
    <ol className="vn-results" aria-label={t('lottery.results.label')}>
      {drawn.map((result, index) => (
        <li key={result.numero}>
          {index === 0 ? (
            <VnPrizeTable numero={result.numero} result={result.result as never} prizes={prizes} />
          ) : (
            <details>
              <summary className="vn-results__summary tabular">
                <span>{numeroDate(result.numero)}</span>
                <strong>{specialOf(result.result as never)}</strong>
              </summary>
              <VnPrizeTable numero={result.numero} result={result.result as never} prizes={prizes} />
            </details>
          )}
        </li>
      ))}
    </ol>
  );
}

/** A Vietnamese game: the day's draw and its lock, the bet board, the ticket preview, the prize tables and my bets. */
export function VnGame({ details, prizeMode, lobbyHref, onBalanceChange }: VnGameProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const format = useMoneyFormat();
  const modals = usePortalModals();
  const signedIn = Boolean(useMemberInfo().data);
  const { numero, remainingMs, open, drawingNumero, results } = useDrawCycle(
    details.gameId,
    'vn',
    prizeMode,
    onBalanceChange,
  );
  const opened = useVnOpened(details.gameId, numero);
  const seedHash = opened.data?.find((draw) => draw.numero === numero)?.serverSeedHash ?? null;
  const resultList = results.data?.list ?? [];
  const betTypes = details.vn.betTypes;

  const [section, setSection] = useState<Section>('bet');
  const [betType, setBetType] = useState(betTypes[0]?.betType ?? '');
  const [numbers, setNumbers] = useState<string[]>([]);
  const [points, setPoints] = useState(1);
  const bet: VnBetType | undefined = betTypes.find((type) => type.betType === betType) ?? betTypes[0];
  const items = bet ? vnItems(bet, numbers, points) : [];
  const signIn = () => modals.open({ name: 'login' });
  const latest = resultList.find((result) => isVnResult(result.result));

  if (!bet) return <ErrorState message={t('lottery.loadFailed')} />;
  const ticket = vnTicket(bet, items.length, points);

  return (
    <div className="lottery-game">
      <header className="lottery-game__head">
        <Link className="lottery-back" to={lobbyHref} aria-label={t('lottery.game.back')}>
          ‹
        </Link>
        <GameArt
          className="lottery-game__art"
          gameGroupCode={details.gameGroupCode}
          gameId={details.gameId}
          gameMenuTag={details.vn.region.toUpperCase()}
        />
        <h1 className="lottery-game__name">{details.name}</h1>
      </header>

      <DrawPanel
        numero={numero}
        remainingMs={remainingMs}
        label={numeroDate}
        drawingNumero={drawingNumero}
        latest={undefined}
        seedHash={seedHash}
        onVerify={() => setSection('results')}
      />
      {latest ? (
        <button type="button" className="vn-latest" onClick={() => setSection('results')}>
          <span className="tabular">{t('lottery.draw.previous', { numero: numeroDate(latest.numero) })}</span>
          <strong className="tabular">{specialOf(latest.result as never)}</strong>
        </button>
      ) : null}
      <VnSourceLabel source={details.vn.source} />

      <Tabs
        className="lottery-tabs"
        label={t('lottery.game.tabsLabel')}
        value={section}
        onChange={(key) => setSection(key as Section)}
        items={SECTIONS.map((key) => ({ key, label: t(`lottery.game.tabs.${key}`) }))}
      >
        {section === 'bet' ? (
          <VnBoard
            betTypes={betTypes}
            bet={bet}
            onBet={(next) => {
              setBetType(next);
              setNumbers([]);
            }}
            numbers={numbers}
            onNumbers={setNumbers}
            points={points}
            onPoints={setPoints}
          />
        ) : section === 'results' ? (
          results.isError ? (
            <ErrorState message={t('lottery.loadFailed')} onRetry={() => void results.refetch()} />
          ) : results.data ? (
            <VnResults results={resultList} prizes={details.vn.prizes} />
          ) : (
            <SkeletonLines lines={6} />
          )
        ) : section === 'trend' ? (
          results.data ? (
            <VnTrendPanel results={resultList} />
          ) : (
            <SkeletonLines lines={6} />
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
        cost={slipTotals(items, {}).cost}
        win={null}
        signedIn={signedIn}
        onSignIn={signIn}
        onClear={() => setNumbers([])}
        onBalanceChange={onBalanceChange}
        sheet={{
          // A chase covers the days whose draws are open already (VN_DAYS_AHEAD on the server).
          chaseNumeros: opened.data?.map((draw) => draw.numero) ?? [],
          winText: () =>
            ticket.perAppearance
              ? t('lottery.vn.preview.perAppearance', { amount: format(ticket.payoutPerPick) })
              : t('lottery.vn.preview.once', { amount: format(ticket.payoutPerPick) }),
          preview: (draws) => (
            <VnTicketPreview bet={bet} betTypes={betTypes} picks={items.length} points={points} draws={draws} />
          ),
          onRefused: (error) => {
            // A changed price per point: the new one is read, and the preview shows it before the next confirm.
            if (error.code === 'LOTTERY_PRICE_CHANGED') {
              void queryClient.invalidateQueries({ queryKey: lotteryKeys.detailsOf(details.gameId) });
            }
          },
        }}
      />
    </div>
  );
}
