import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { Pagination } from '@/components/ui/pagination';

/** A total shown above a page of rows; `tone` colours money in or out. */
export interface PageTotal {
  key: string;
  label: string;
  value: string;
  money?: boolean;
  tone?: 'plus' | 'minus';
}

export interface PagedTableProps {
  totals: PageTotal[];
  totalsTestId: string;
  /** The page's rows are a placeholder while the next page loads. */
  busy: boolean;
  fetching: boolean;
  empty: string | null;
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
  /** The <table> of the page's rows. */
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The totals over a filter and one page of its rows, for the agent centre's lists (downline transactions, my income):
 * the figures, then the table (or `empty` when there is no row), its pages and a footer.
 */
export function PagedTable({
  totals,
  totalsTestId,
  busy,
  fetching,
  empty,
  pageNo,
  totalPages,
  onPage,
  children,
  footer,
}: PagedTableProps) {
  return (
    <>
      <dl className={`team-figures tx-totals${busy ? ' is-busy' : ''}`} data-testid={totalsTestId}>
        {totals.map((total) => (
          <div
            key={total.key}
            className={`team-figure${total.money ? ' team-figure--money' : ''}`}
            data-figure={total.key}
          >
            <dt className="team-figure__label">{total.label}</dt>
            <dd className={`team-figure__value tabular${total.tone ? ` money--${total.tone}` : ''}`}>{total.value}</dd>
          </div>
        ))}
      </dl>
      {empty !== null ? (
        <EmptyState message={empty} />
      ) : (
        <>
          <div className={`record-table-wrap${busy ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
            {children}
          </div>
          <Pagination pageNo={pageNo} totalPages={totalPages} onChange={onPage} disabled={fetching} />
          {footer}
        </>
      )}
    </>
  );
}
