import { useTranslation } from 'react-i18next';
// Its styles are shared with the games' pagination (components/ui/pagination.tsx).
import '@/styles/pagination.css';

export interface PaginationProps {
  pageNo: number;
  totalPages: number;
  onChange: (pageNo: number) => void;
  disabled?: boolean;
}

/** First, previous, next and last page, with where the member is; nothing when everything fits on one page. */
export function Pagination({ pageNo, totalPages, onChange, disabled = false }: PaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const first = pageNo <= 1;
  const last = pageNo >= totalPages;
  const button = (label: string, target: number, off: boolean, glyph: string) => (
    <button
      type="button"
      className="icon-button icon-button--outlined pagination__button"
      onClick={() => onChange(target)}
      disabled={off || disabled}
      aria-label={label}
      title={label}
    >
      <span aria-hidden="true">{glyph}</span>
    </button>
  );
  return (
    <nav className="pagination" aria-label={t('wallet.pagination.label')}>
      {button(t('wallet.pagination.first'), 1, first, '«')}
      {button(t('wallet.pagination.previous'), pageNo - 1, first, '‹')}
      <span className="pagination__status tabular" aria-live="polite">
        {t('wallet.pagination.status', { page: pageNo, total: totalPages })}
      </span>
      {button(t('wallet.pagination.next'), pageNo + 1, last, '›')}
      {button(t('wallet.pagination.last'), totalPages, last, '»')}
    </nav>
  );
}
