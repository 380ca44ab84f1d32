import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import { useLotteryWinners } from '../api/get-lottery-winners';

/** How many of the latest wins the lobby lists. */
const SHOWN = 8;

/** The lobby's winner board: the latest wins of this page's games, each with the masked winner and the payout. */
export function WinnerBoard({ gameIds }: { gameIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const winners = useLotteryWinners();
  const list = (winners.data ?? []).filter((win) => gameIds.has(win.gameId)).slice(0, SHOWN);
  if (list.length === 0) return null;
  return (
    <section className="lottery-winners" aria-labelledby="lottery-winners-title" data-testid="lottery-winners">
      <h2 id="lottery-winners-title" className="lottery-section-title">
        {t('lottery.winners.title')}
      </h2>
      <ul>
        {list.map((win) => (
          <li key={`${win.gameId}:${win.numero}:${win.account}:${win.settledAt}:${win.selection}`}>
            <span className="lottery-winners__who">
              <strong>{win.account}</strong> · {win.gameName}
            </span>
            <span className="lottery-winners__won tabular">+{format(win.payout)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
