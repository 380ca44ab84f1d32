import type { VendorCard } from '@portal/shared/api';
import { LIMITS } from '@portal/shared/constants';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/ui/tabs';

/** The 'All' tab's key: no vendor selected. */
export const ALL_VENDORS = '';

export interface VendorTabsProps {
  vendors: VendorCard[];
  /** The selected vendor's code, or ALL_VENDORS. */
  value: string;
  onChange: (vassalage: string) => void;
  children: ReactNode;
}

function tabStrip(root: HTMLElement | null): HTMLElement | null {
  return root?.querySelector<HTMLElement>('.tabs__list') ?? null;
}

/**
 * 'All' then one tab per vendor of the game type. With more than seven vendors (spec section 9) the strip
 * gets previous and next arrows that scroll it; the tabs themselves also scroll by swipe and arrow keys.
 */
export function VendorTabs({ vendors, value, onChange, children }: VendorTabsProps) {
  const { t } = useTranslation();
  const rootRef = useRef<HTMLDivElement>(null);
  const withArrows = vendors.length > LIMITS.vendorArrowsAbove;
  const items = [
    { key: ALL_VENDORS, label: t('games.allVendors') },
    ...vendors.map((vendor) => ({ key: vendor.vassalage, label: vendor.displayName })),
  ];

  // A shared link may select a vendor far along the strip: bring its tab into view.
  useEffect(() => {
    if (!value) return;
    const tab = tabStrip(rootRef.current)?.querySelector<HTMLElement>('[aria-selected="true"]');
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [value]);

  function scroll(direction: -1 | 1) {
    const list = tabStrip(rootRef.current);
    list?.scrollBy?.({ left: direction * list.clientWidth * 0.8, behavior: 'smooth' });
  }

  return (
    <div ref={rootRef} className={`vendor-tabs${withArrows ? ' vendor-tabs--arrows' : ''}`}>
      {withArrows ? (
        <>
          <button
            type="button"
            className="icon-button icon-button--outlined vendor-tabs__arrow vendor-tabs__arrow--back"
            aria-label={t('games.scrollBack')}
            title={t('games.scrollBack')}
            onClick={() => scroll(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="icon-button icon-button--outlined vendor-tabs__arrow vendor-tabs__arrow--forward"
            aria-label={t('games.scrollForward')}
            title={t('games.scrollForward')}
            onClick={() => scroll(1)}
          >
            <span aria-hidden="true">›</span>
          </button>
        </>
      ) : null}
      <Tabs label={t('games.vendors')} items={items} value={value} onChange={onChange}>
        {children}
      </Tabs>
    </div>
  );
}
