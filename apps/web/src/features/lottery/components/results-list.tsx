import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { useLanguage } from '@/i18n';
import { formatTime } from '@/lib/date-time';
import type { LotteryResult } from '../api/lottery-types';
import { ResultView } from './result-view';

/** The game's drawn results, newest first; each opens its verification. */
export function ResultsList({ results, onVerify }: { results: LotteryResult[]; onVerify: (numero: string) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (results.length === 0) return <EmptyState message={t('lottery.results.empty')} />;
  return (
    <ol className="lottery-results" aria-label={t('lottery.results.label')}>
      {results.map((result) => (
        <li key={result.numero} className="lottery-results__row">
          <span className="lottery-results__draw">
            <span className="tabular">{result.numero}</span>
            <span className="lottery-results__time tabular">{formatTime(result.winningTime, language)}</span>
          </span>
          <ResultView result={result.result} />
          <button
            type="button"
            className="lottery-results__verify"
            aria-label={t('lottery.results.verify', { numero: result.numero })}
            onClick={() => onVerify(result.numero)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path
                d="M12 2l8 3v6c0 5-3.4 9.3-8 11-4.6-1.7-8-6-8-11V5z M8 12l3 3 5-6"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </li>
      ))}
    </ol>
  );
}
