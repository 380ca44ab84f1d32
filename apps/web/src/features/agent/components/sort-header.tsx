export interface SortHeaderProps {
  label: string;
  /** The list is sorted by this column now, in this order; null when by another. */
  order: 'asc' | 'desc' | null;
  numeric?: boolean;
  onSort: () => void;
}

/** A column header of the team tables that sorts by its column (`aria-sort` says how the list is sorted now). */
export function SortHeader({ label, order, numeric = false, onSort }: SortHeaderProps) {
  return (
    <th
      scope="col"
      className={numeric ? 'is-numeric' : undefined}
      aria-sort={order ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className="team-table__sort" onClick={onSort}>
        {label}
        <span aria-hidden="true">{order ? (order === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}
