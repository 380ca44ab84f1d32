import { Fragment, type ReactNode, useId, useState } from 'react';

export interface RecordColumn<T> {
  key: string;
  label: string;
  render: (row: T) => ReactNode;
  /** Numbers align right, in the tabular font. */
  numeric?: boolean;
}

/** A row's detail, shown under it when its toggle is pressed (the last column holds the toggle). */
export interface RecordDetail<T> {
  /** The toggle column's heading. */
  label: string;
  show: string;
  hide: string;
  render: (row: T) => ReactNode;
}

export interface RecordTableProps<T> {
  caption: string;
  columns: RecordColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Dimmed while the next page loads over the current one. */
  busy?: boolean;
  testId?: string;
  detail?: RecordDetail<T>;
}

/** A records table; on phones each row becomes a card whose cells carry their column's label. */
export function RecordTable<T>({ caption, columns, rows, rowKey, busy = false, testId, detail }: RecordTableProps<T>) {
  const idPrefix = useId();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });

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
            {detail ? (
              <th scope="col">
                <span className="visually-hidden">{detail.label}</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => {
            const key = rowKey(row);
            const expanded = open.has(key);
            const detailId = `${idPrefix}-${index}`;
            return (
              <Fragment key={key}>
                <tr className={expanded ? 'is-expanded' : undefined}>
                  {columns.map((column) => (
                    <td
                      key={column.key}
                      data-label={column.label}
                      className={column.numeric ? 'is-numeric' : undefined}
                    >
                      {column.render(row)}
                    </td>
                  ))}
                  {detail ? (
                    <td className="record-table__toggle">
                      <button
                        type="button"
                        className="link-button"
                        aria-expanded={expanded}
                        aria-controls={detailId}
                        onClick={() => toggle(key)}
                      >
                        {expanded ? detail.hide : detail.show}
                      </button>
                    </td>
                  ) : null}
                </tr>
                {detail && expanded ? (
                  <tr className="record-table__detail" id={detailId}>
                    <td colSpan={columns.length + 1}>{detail.render(row)}</td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
