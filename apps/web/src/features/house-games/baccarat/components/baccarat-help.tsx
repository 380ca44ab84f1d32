import { BACCARAT_SPOTS } from '@portal/shared/house-games';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { SPOT_PAYS_TO_ONE, SPOT_RTP } from '../lib/baccarat';

const BANKER_ROWS = ['draw02', 'draw3', 'draw4', 'draw5', 'draw6', 'stand7'] as const;

/** The rules: spots, payouts and RTP, card values, the third-card rules, and how to read the road. */
export function BaccaratHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const r = (key: string) => t(`houseBaccarat.rules.${key}`);
  return (
    <Modal open={open} onClose={onClose} title={t('houseBaccarat.help')} size="lg" testId="baccarat-help">
      <div className="bac-help">
        <p>{r('intro')}</p>

        <h3>{r('payoutsTitle')}</h3>
        <div className="bac-help__table-wrap">
          <table className="bac-help__table">
            <thead>
              <tr>
                <th scope="col">{r('columnSpot')}</th>
                <th scope="col">{r('columnPays')}</th>
                <th scope="col">{r('columnRtp')}</th>
              </tr>
            </thead>
            <tbody>
              {BACCARAT_SPOTS.map((spot) => (
                <tr key={spot}>
                  <th scope="row">
                    <span className={`bac-help__spot bac-help__spot--${spot}`}>{t(`houseBaccarat.spots.${spot}`)}</span>
                    <span className="bac-help__note">{r(`notes.${spot}`)}</span>
                  </th>
                  <td>
                    <span className="tabular">{SPOT_PAYS_TO_ONE[spot]}</span>
                    {spot === 'banker' ? <span className="bac-help__note">{r('commission')}</span> : null}
                  </td>
                  <td className="tabular">{SPOT_RTP[spot]}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="bac-help__small">{r('rtpNote')}</p>

        <h3>{r('howToBetTitle')}</h3>
        <p>{r('howToBet')}</p>

        <h3>{r('valuesTitle')}</h3>
        <p>{r('values')}</p>

        <h3>{r('drawTitle')}</h3>
        <ul className="bac-help__list">
          <li>{r('natural')}</li>
          <li>{r('playerRule')}</li>
          <li>{r('bankerStood')}</li>
          <li>
            {r('bankerDrew')}
            <ul className="bac-help__rows">
              {BANKER_ROWS.map((row) => (
                <li key={row}>{r(`bankerRows.${row}`)}</li>
              ))}
            </ul>
          </li>
          <li>{r('winner')}</li>
        </ul>

        <h3>{r('roadTitle')}</h3>
        <p>{r('road')}</p>
      </div>
    </Modal>
  );
}
