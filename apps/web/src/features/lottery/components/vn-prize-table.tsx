import { useTranslation } from 'react-i18next';
import type { VnDetails, VnResult } from '../api/lottery-types';
import { numeroLabel } from '../lib/draw-numbers';

/** A Vietnamese draw's number (its day, yyyyMMdd) as players read it. */
export const numeroDate = (numero: string) => numeroLabel('VN', numero);

/** Where the results come from, always shown beside them; a demo source says plainly it is not the official draw. */
export function VnSourceLabel({ source }: { source: string }) {
  const { t } = useTranslation();
  return (
    <p className={`vn-source vn-source--${source}`} data-testid="vn-source">
      {t(`lottery.vn.source.${source}`, { defaultValue: source })}
    </p>
  );
}

/** A draw's full prize table (27 numbers north, 18 south and central), the special prize first and highlighted. */
export function VnPrizeTable({
  numero,
  result,
  prizes,
}: {
  numero: string;
  result: VnResult;
  prizes: VnDetails['prizes'];
}) {
  const { t } = useTranslation();
  const count = prizes.reduce((sum, row) => sum + row.count, 0);
  // The special prize heads the table whatever the region's drawing order.
  const rows = [...prizes].sort((a, b) =>
    a.prize === 'DB' ? -1 : b.prize === 'DB' ? 1 : a.prize.localeCompare(b.prize),
  );
  return (
    <figure className="vn-prizes" data-testid="vn-prize-table">
      <figcaption>{t('lottery.vn.prizeTableTitle', { date: numeroDate(numero), count })}</figcaption>
      <table className="vn-table">
        <tbody>
          {rows.map((row) => (
            <tr key={row.prize} className={row.prize === 'DB' ? 'vn-prizes__special' : undefined}>
              <th scope="row">{t(`lottery.vn.prizes.${row.prize}`)}</th>
              <td className="vn-prizes__numbers tabular">
                {(result.prizes[row.prize] ?? []).map((number, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a prize may hold the same number twice
                  <span key={index}>{number}</span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <VnSourceLabel source={result.source} />
    </figure>
  );
}
