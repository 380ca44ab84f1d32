import type { ReactNode } from 'react';

/** A titled card of an agent centre page (the wallet pages' card), named by its heading for assistive technology. */
export function AgentCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="wallet-card" aria-labelledby={id}>
      <div className="wallet-card__head">
        <h3 className="wallet-card__title" id={id}>
          {title}
        </h3>
      </div>
      {children}
    </section>
  );
}
