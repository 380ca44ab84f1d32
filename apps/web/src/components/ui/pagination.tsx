import { useTranslation } from 'react-i18next';
import './i18n/register';
import '@/styles/pagination.css';

export interface PaginationProps {
  /** The page on screen, from 1. */
  pageNo: number;
  totalPages: number;
  onChange: (pageNo: number) => void;
  /** While a page loads: every button off, so a second press cannot skip a page. */
  disabled?: boolean;
  /** Accessible name of the navigation landmark; 'Pages' by default. */
  label?: string;
}

/**
 * First, previous, 'page x of y', next and last (spec section 4: previous stops at 1, next at the last page);
 * the buttons at an end are disabled. Nothing when everything fits on one page.
 */
export function Pagination({ pageNo, totalPages, onChange, disabled = false, label }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  // A page beyond the last (an old shared link) counts as the last, so 'previous' still leads somewhere real.
  const current = Math.min(Math.max(1, Math.trunc(pageNo) || 1), totalPages);
  const atFirst = current <= 1;
  const atLast = current >= totalPages;
  const button = (name: string, target: number, off: boolean, glyph: string) => (
    <button
      type="button"
      className="icon-button icon-button--outlined pagination__button"
      onClick={() => onChange(target)}
      disabled={off || disabled}
      aria-label={name}
      title={name}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <nav className="pagination" aria-label={label ?? t('pagination.label')}>
      {button(t('pagination.first'), 1, atFirst, '«')}
      {button(t('pagination.previous'), Math.max(1, current - 1), atFirst, '‹')}
      <span className="pagination__status tabular" aria-live="polite">
        {t('pagination.status', { page: current, total: totalPages })}
      </span>
      {button(t('pagination.next'), Math.min(totalPages, current + 1), atLast, '›')}
      {button(t('pagination.last'), totalPages, atLast, '»')}
    </nav>
  );
}
