import type { SlotInfoValue } from '@portal/shared/house-games';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { useMoneyFormat } from '@/lib/money-format';
import { creditsToAmount, formatPercent, lineColour, totalStake } from '../lib/slot-math';
import { symbolRank } from '../lib/slot-symbols';
import { SlotSymbol } from './slot-symbol';

export interface SlotHelpDialogProps {
  open: boolean;
  onClose: () => void;
  info: SlotInfoValue;
  betPerLine: string;
  /** The currency the game plays (see playCurrency). */
  currency: string;
  symbolName: (id: string) => string;
}

function PaylineDiagram({ line, rows, rowCount }: { line: number; rows: readonly number[]; rowCount: number }) {
  const { t } = useTranslation();
  const width = rows.length * 10;
  const height = rowCount * 10;
  return (
    <li className="slot-help__payline">
      <svg viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
        {rows.map((_, reel) =>
          Array.from({ length: rowCount }, (__, row) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed grid
              key={`${reel}-${row}`}
              x={reel * 10 + 1}
              y={row * 10 + 1}
              width="8"
              height="8"
              rx="1.5"
              className={rows[reel] === row ? 'is-on' : undefined}
            />
          )),
        )}
        <polyline
          points={rows.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ')}
          stroke={lineColour(line)}
        />
      </svg>
      <span className="tabular">{t('houseSlot.help.lineNumber', { line })}</span>
    </li>
  );
}

/** The game's rules from the server: paytable at the chosen bet, wild and scatter, free spins, RTP and lines. */
export function SlotHelpDialog({ open, onClose, info, betPerLine, currency, symbolName }: SlotHelpDialogProps) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const scatterIds = new Set(info.symbols.filter((s) => s.scatter).map((s) => s.id));
  const wildIds = info.symbols.filter((s) => s.wild).map((s) => s.id);
  const stake = totalStake(betPerLine, info.lines);
  const counts = [...new Set(info.paytable.flatMap((entry) => entry.pays.map((pay) => pay.count)))].sort(
    (a, b) => a - b,
  );
  const paytable = [...info.paytable].sort((a, b) => symbolRank(a.symbol) - symbolRank(b.symbol));
  const rowCount = Math.max(3, ...info.paylines.flat().map((row) => row + 1));

  return (
    <Modal open={open} onClose={onClose} title={t('houseSlot.help.title')} size="lg" testId="slot-help">
      <div className="slot-help">
        <p className="slot-help__facts" data-testid="slot-help-rtp">
          {t('houseSlot.help.rtpLine', {
            rtp: formatPercent(info.rtp),
            volatility: t(`houseSlot.volatility.${info.volatility}`),
          })}
        </p>
        <p>{t('houseSlot.help.jackpotShare', { percent: info.jackpotSharePercent.toFixed(2) })}</p>

        <h3 className="slot-help__heading">{t('houseSlot.help.paytable')}</h3>
        <p className="slot-help__note">
          {t('houseSlot.help.paytableNote', {
            bet: money(betPerLine, currency),
            stake: money(stake, currency),
          })}
        </p>
        <table className="slot-help__table">
          <thead>
            <tr>
              <th scope="col">{t('houseSlot.help.symbol')}</th>
              {counts.map((count) => (
                <th scope="col" key={count} className="tabular">
                  {t('houseSlot.help.ofAKind', { count })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {paytable.map((entry) => {
              const scatter = scatterIds.has(entry.symbol);
              const unit = scatter ? stake : betPerLine;
              return (
                <tr key={entry.symbol} data-testid={`slot-pay-${entry.symbol}`}>
                  <th scope="row">
                    <span className="slot-help__symbol">
                      <SlotSymbol id={entry.symbol} className="slot-help__icon" />
                      <span>{symbolName(entry.symbol)}</span>
                    </span>
                  </th>
                  {counts.map((count) => {
                    const pay = entry.pays.find((p) => p.count === count);
                    return (
                      <td key={count} className="tabular">
                        {pay ? money(creditsToAmount(pay.credits, unit), currency) : '—'}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>

        <h3 className="slot-help__heading">{t('houseSlot.help.rules')}</h3>
        <ul className="slot-help__rules">
          <li>{t('houseSlot.help.ruleLines', { lines: info.lines })}</li>
          {wildIds.length > 0 ? (
            <li>{t('houseSlot.help.ruleWild', { wild: wildIds.map(symbolName).join(', ') })}</li>
          ) : null}
          <li>{t('houseSlot.help.ruleScatter')}</li>
          <li data-testid="slot-help-free-spins">
            {t('houseSlot.help.ruleFreeSpins', {
              scatters: info.freeSpins.scattersToTrigger,
              count: info.freeSpins.award,
              multiplier: info.freeSpins.multiplier,
            })}
          </li>
          <li>{t('houseSlot.help.ruleJackpot')}</li>
        </ul>

        <h3 className="slot-help__heading">{t('houseSlot.help.paylines')}</h3>
        <ol className="slot-help__paylines">
          {info.paylines.map((rows, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: paylines are numbered by position
            <PaylineDiagram key={index} line={index + 1} rows={rows} rowCount={rowCount} />
          ))}
        </ol>
      </div>
    </Modal>
  );
}
