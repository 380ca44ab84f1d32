import type { ReactNode } from 'react';

export interface RecordColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Numbers align right, in the tabular font. */
  numeric?: boolean;
}

export interface RecordTableProps<T> {
  caption: string;
  columns: RecordColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Dimmed while the next page loads over the current one. */
  busy?: boolean;
  testId?: string;
}

/** A records table; on phones each row becomes a card whose cells carry their column's label. */
export function RecordTable<T>({ caption, columns, rows, rowKey, busy = false, testId }: RecordTableProps<T>) {
  return (
    <div className={`record-table-wrap${busy ? ' is-busy' : ''}`} aria-busy={busy || undefined}>
      <table className="record-table" data-testid={testId}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={column.numeric ? 'is-numeric' : undefined}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.key} data-label={column.label} className={column.numeric ? 'is-numeric' : undefined}>
                  {column.render(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
