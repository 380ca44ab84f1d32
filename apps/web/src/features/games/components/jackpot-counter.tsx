import { isDecimalAmount } from '@portal/shared/money';
import { type CSSProperties, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useJackpot } from '@/api/get-jackpot';
import { useMoneyFormat } from '@/lib/money-format';
import '../i18n/register';
import '@/styles/jackpot.css';

const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** One digit as a reel of 0–9 moved to the digit, so a change rolls instead of jumping. */
function RollingDigit({ digit }: { digit: number }) {
  return (
    <span className="jackpot__digit" aria-hidden="true">
      <span className="jackpot__reel" style={{ '--digit': digit } as CSSProperties}>
        {DIGITS.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </span>
    </span>
  );
}

/**
 * The slots page's jackpot counter (spec section 9): the house slot's real progressive pool, read every few
 * seconds; its digits roll to each new amount. Nothing when the pool cannot be read.
 */
export function JackpotCounter() {
  const { t } = useTranslation();
  const titleId = useId();
  const { data } = useJackpot(5_000);
  const money = useMoneyFormat();
  if (!data || !isDecimalAmount(data.amount)) return null;
  const shown = money(data.amount);

  return (
    <section className="jackpot" aria-labelledby={titleId}>
      <h2 id={titleId} className="jackpot__title">
        {t('games.jackpot.title')}
      </h2>
      <p className="jackpot__amount money tabular" data-testid="jackpot-amount">
        <span className="visually-hidden">{shown}</span>
        {[...shown].map((character, index) =>
          /\d/.test(character) ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a digit's place is its identity; the reel rolls in place
            <RollingDigit key={index} digit={Number(character)} />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: separators keep their place like the digits
            <span key={index} className="jackpot__separator" aria-hidden="true">
              {character}
            </span>
          ),
        )}
      </p>
      <p className="jackpot__note">{t('games.jackpot.note')}</p>
    </section>
  );
}

export default JackpotCounter;
