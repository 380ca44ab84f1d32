import { fromMinor, toMinor } from '@portal/shared/money';
import { useTranslation } from 'react-i18next';
import { useMoneyFormat } from '@/lib/money-format';
import type { VnBetType } from '../api/lottery-types';
import { vnTicket } from '../lib/vn-ticket';

/** The payout table of every bet type of the game: lô per point, price and payout per point, house edge. */
export function VnPayoutTable({ betTypes }: { betTypes: VnBetType[] }) {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  return (
    <table className="vn-table">
      <caption>{t('lottery.vn.table.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('lottery.vn.table.betType')}</th>
          <th scope="col">{t('lottery.vn.table.counts')}</th>
          <th scope="col">{t('lottery.vn.table.price')}</th>
          <th scope="col">{t('lottery.vn.table.payout')}</th>
          <th scope="col">{t('lottery.vn.table.edge')}</th>
        </tr>
      </thead>
      <tbody>
        {betTypes.map((bet) => (
          <tr key={bet.betType}>
            <th scope="row">{t(`lottery.vn.betTypes.${bet.betType}`, { defaultValue: bet.betType })}</th>
            <td className="tabular">{bet.counts}</td>
            <td className="tabular">{format(bet.pricePerPoint)}</td>
            <td className="tabular">{format(bet.payoutPerPoint)}</td>
            <td className="tabular">{(Number(bet.houseEdge) * 100).toFixed(2)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The ticket before it is confirmed: how many lô one point counts on (27 north, 18 south and central), the price per
 * point, the points, the total and what it pays, then the payout table of every bet type.
 */
export function VnTicketPreview({
  bet,
  betTypes,
  picks,
  points,
  draws = 1,
}: {
  bet: VnBetType;
  betTypes: VnBetType[];
  picks: number;
  points: number;
  /** The draws a chase stakes the ticket on: the total counts each of them. */
  draws?: number;
}) {
  const { t } = useTranslation();
  const format = useMoneyFormat();
  const ticket = vnTicket(bet, picks, points);
  return (
    <section className="vn-preview" aria-label={t('lottery.vn.preview.title')} data-testid="vn-preview">
      <h3>{t('lottery.vn.preview.title')}</h3>
      <dl className="vn-preview__list">
        <div>
          <dt>{t(`lottery.vn.betTypes.${bet.betType}`, { defaultValue: bet.betType })}</dt>
          <dd data-testid="vn-counts">
            {ticket.perAppearance
              ? t('lottery.vn.preview.counts', { count: ticket.counts })
              : t('lottery.vn.preview.countsOnce')}
          </dd>
        </div>
        <div>
          <dt>{t('lottery.vn.preview.pricePerPoint')}</dt>
          <dd className="tabular">{format(ticket.pricePerPoint)}</dd>
        </div>
        <div>
          <dt>{t('lottery.vn.preview.points')}</dt>
          <dd className="tabular">{ticket.points}</dd>
        </div>
        <div>
          <dt>{t('lottery.vn.preview.picks')}</dt>
          <dd className="tabular">{ticket.picks}</dd>
        </div>
        <div>
          <dt>{t('lottery.vn.preview.payout')}</dt>
          <dd className="tabular">
            {ticket.perAppearance
              ? t('lottery.vn.preview.perAppearance', { amount: format(ticket.payoutPerPick) })
              : t('lottery.vn.preview.once', { amount: format(ticket.payoutPerPick) })}
          </dd>
        </div>
        {draws > 1 ? (
          <div>
            <dt>{t('lottery.vn.preview.draws')}</dt>
            <dd className="tabular">{draws}</dd>
          </div>
        ) : null}
        <div className="vn-preview__total">
          <dt>{t('lottery.vn.preview.total')}</dt>
          <dd className="tabular" data-testid="vn-total">
            {format(fromMinor(toMinor(ticket.total) * BigInt(draws)))}
          </dd>
        </div>
      </dl>
      <VnPayoutTable betTypes={betTypes} />
    </section>
  );
}
