import { SelectField } from '@/components/ui/form-field';

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

export interface SortSelectProps<S extends string> {
  label: string;
  sorts: readonly S[];
  sort: S;
  order: 'asc' | 'desc';
  /** The option's text of a column and direction. */
  optionLabel: (sort: S, order: 'asc' | 'desc') => string;
  onSort: (sort: S, order: 'asc' | 'desc') => void;
}

/** The same choice of order as one select (every column, each way), for phones, where the table headers are cards. */
export function SortSelect<S extends string>({ label, sorts, sort, order, optionLabel, onSort }: SortSelectProps<S>) {
  const options = sorts.flatMap((column) =>
    (['desc', 'asc'] as const).map((way) => ({ value: `${column}:${way}`, label: optionLabel(column, way) })),
  );
  return (
    <SelectField
      label={label}
      value={`${sort}:${order}`}
      options={options}
      onChange={(value) => {
        const [column, way] = value.split(':') as [S, 'asc' | 'desc'];
        onSort(column, way);
      }}
    />
  );
}
