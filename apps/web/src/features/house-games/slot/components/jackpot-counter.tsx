import { useTranslation } from 'react-i18next';
import { useJackpot } from '@/api/get-jackpot';
import { Skeleton } from '@/components/ui/skeleton';
import { useMoneyFormat } from '@/lib/money-format';
import { useRollingAmount } from '../hooks/use-rolling-amount';

export interface JackpotCounterProps {
  reducedMotion: boolean;
}

/**
 * The progressive pool, from the real pool (refetched every few seconds): its digits roll up to each new amount.
 * Screen readers get the amount itself, not every frame of the roll.
 */
export function JackpotCounter({ reducedMotion }: JackpotCounterProps) {
  const { t } = useTranslation();
  const jackpot = useJackpot();
  const target = jackpot.data?.amount;
  const shown = useRollingAmount(target, reducedMotion);
  const money = useMoneyFormat();
  // The pool is the brand's real money.
  const text = money(shown);
  const characters = [...text];

  return (
    <section className="slot-jackpot" aria-label={t('houseSlot.jackpot.label')} data-testid="slot-jackpot">
      <span className="slot-jackpot__label" aria-hidden="true">
        {t('houseSlot.jackpot.label')}
      </span>
      {shown === null ? (
        jackpot.isError ? (
          <span className="slot-jackpot__amount">—</span>
        ) : (
          <Skeleton className="slot-jackpot__skeleton" width="11ch" height="1.4em" />
        )
      ) : (
        <>
          <span className="slot-jackpot__amount tabular" aria-hidden="true">
            {characters.map((character, index) => {
              // Keyed by the place from the right, and by the character: a digit that changes is a new element,
              // whose entry animation is the roll.
              const place = characters.length - index;
              return (
                <span
                  key={`${place}-${character}`}
                  className={/\d/.test(character) ? 'slot-jackpot__digit' : undefined}
                >
                  {character}
                </span>
              );
            })}
          </span>
          <span className="visually-hidden">{money(target)}</span>
        </>
      )}
    </section>
  );
}
