import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
}

export interface TabsProps {
  items: TabItem[];
  value: string;
  onChange: (key: string) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Extra class on the root, for a caller's own layout of the strip. */
  className?: string;
  children?: ReactNode;
}

/** WAI-ARIA tabs with arrow-key navigation; the caller renders the active panel as children. */
export function Tabs({ items, value, onChange, label, className, children }: TabsProps) {
  const baseId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = items.findIndex((item) => item.key === value);
    let next = index;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % items.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.key);
    listRef.current?.querySelector<HTMLButtonElement>(`[data-key="${CSS.escape(item.key)}"]`)?.focus();
  }

  return (
    <div className={className ? `tabs ${className}` : 'tabs'}>
      <div className="tabs__list" role="tablist" aria-label={label} ref={listRef} onKeyDown={handleKeyDown}>
        {items.map((item) => {
          const selected = item.key === value;
          return (
            <button
              key={item.key}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={selected ? 0 : -1}
              data-key={item.key}
              className="tabs__tab"
              onClick={() => onChange(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {children !== undefined ? (
        <div className="tabs__panel" role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${value}`}>
          {children}
        </div>
      ) : null}
    </div>
  );
}
