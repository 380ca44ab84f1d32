import type { VendorCard } from '@portal/shared/api';
import { lazy, type MouseEvent, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { decideVendorCard, vendorCardHref } from '../lib/vendor-cards';

// The popup and the launch load with the first press: the navigation is on every page.
const VendorCardAction = lazy(() => import('./vendor-card-action'));

/** A press with a modifier key (or not with the main button) opens the card's address in a new tab instead. */
function isPlainPress(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A vendor card as a real link to its vendor's games (so it also opens in a new tab). A plain press on a card that
 * is not a route (spec section 2: lottery and slot vendors lead to their page) is handed to `onOpen` instead.
 */
export function VendorCardLink({
  vendor,
  onOpen,
  className,
  children,
}: {
  vendor: VendorCard;
  onOpen: (vendor: VendorCard) => void;
  className: string;
  children: ReactNode;
}) {
  return (
    <Link
      className={className}
      to={vendorCardHref(vendor)}
      onClick={(event) => {
        if (decideVendorCard(vendor).kind === 'route' || !isPlainPress(event)) return;
        event.preventDefault();
        onOpen(vendor);
      }}
    >
      {children}
    </Link>
  );
}

/** The pressed card's popup of games, or its game's launch; `open` is VendorCardLink's `onOpen`. */
export function useVendorCardAction() {
  const [pressed, setPressed] = useState<{ vendor: VendorCard; press: number } | null>(null);
  const open = (vendor: VendorCard) => setPressed((previous) => ({ vendor, press: (previous?.press ?? 0) + 1 }));
  const action = pressed ? (
    <Suspense fallback={null}>
      {/* A new key per press: pressing the same card again starts again. */}
      <VendorCardAction key={pressed.press} vendor={pressed.vendor} onClose={() => setPressed(null)} />
    </Suspense>
  ) : null;
  return { open, action };
}
