import type { DiceRollValue } from '@portal/shared/house-games';
import { toMinor } from '@portal/shared/money';
import { useTranslation } from 'react-i18next';
import { formatRoll, verifyHref } from '../lib/dice-format';

/** A roll played on this page; its server seed once a rotation has revealed it. */
export interface DiceHistoryEntry extends DiceRollValue {
  serverSeed: string | null;
}

/** How many rolls the page keeps. */
export const DICE_HISTORY_SIZE = 20;

export interface DiceHistoryProps {
  entries: DiceHistoryEntry[];
  formatAmount: (amount: string) => string;
  language: string;
}

/** The last rolls, newest first: roll, bet, stake, what it paid and its nonce (a link to verify it, once revealed). */
export function DiceHistory({ entries, formatAmount, language }: DiceHistoryProps) {
  const { t } = useTranslation();
  return (
    <section className="hdice-panel hdice-history" aria-labelledby="hdice-history-title">
      <h2 className="hdice-panel__title" id="hdice-history-title">
        {t('houseDice.history.title')}
      </h2>
      {entries.length === 0 ? (
        <p className="hdice-history__empty muted">{t('houseDice.history.empty')}</p>
      ) : (
        <div className="hdice-history__scroll">
          <table className="hdice-history__table" data-testid="dice-history">
            <caption className="visually-hidden">{t('houseDice.history.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('houseDice.history.roll')}</th>
                <th scope="col">{t('houseDice.history.target')}</th>
                <th scope="col">{t('houseDice.history.stake')}</th>
                <th scope="col">{t('houseDice.history.win')}</th>
                <th scope="col">{t('houseDice.history.nonce')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => {
                const won = toMinor(entry.win) > 0n;
                return (
                  <tr key={entry.roundId} className={won ? 'is-win' : 'is-lose'}>
                    <td className="hdice-history__roll tabular">
                      <span aria-hidden="true">{won ? '▲' : '▼'}</span> {formatRoll(entry.roll)}
                    </td>
                    <td className="tabular">
                      <abbr title={t(`houseDice.controls.${entry.direction}`)}>
                        {entry.direction === 'under' ? '<' : '>'}
                      </abbr>{' '}
                      {formatRoll(entry.target)}
                    </td>
                    <td className="tabular">{formatAmount(entry.stake)}</td>
                    <td className="hdice-history__win tabular">
                      {won ? `+${formatAmount(entry.win)}` : <span>{t('houseDice.history.lost')}</span>}
                    </td>
                    <td className="tabular">
                      {entry.serverSeed ? (
                        <a
                          href={verifyHref({
                            serverSeed: entry.serverSeed,
                            clientSeed: entry.clientSeed,
                            nonce: entry.nonce,
                            language,
                            serverSeedHash: entry.serverSeedHash,
                            direction: entry.direction,
                            target: entry.target,
                            stake: entry.stake,
                          })}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={t('houseDice.history.verifyNonce', { nonce: entry.nonce })}
                        >
                          #{entry.nonce} ↗
                        </a>
                      ) : (
                        `#${entry.nonce}`
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
