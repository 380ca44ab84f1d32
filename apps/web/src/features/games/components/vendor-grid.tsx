import type { VendorCard } from '@portal/shared/api';
import type { GameType } from '@portal/shared/constants';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/ui/empty-state';
import { ErrorState } from '@/components/ui/error-state';
import { LazyImage } from '@/components/ui/lazy-image';
import { Skeleton } from '@/components/ui/skeleton';
import { useGameTypes } from '../api/get-game-types';
import { useVendorCardAction, VendorCardLink } from './vendor-card-link';

/** A vendor's tile; its texts come from the grid, which reads the translations for all tiles. */
function VendorTile({
  vendor,
  onOpen,
  hotLabel,
  marginLabel,
}: {
  vendor: VendorCard;
  onOpen: (vendor: VendorCard) => void;
  hotLabel: string;
  /** The book's margin where its game states one (sports, cockfight). */
  marginLabel: string | null;
}) {
  return (
    <li>
      <VendorCardLink className="vendor-tile" vendor={vendor} onOpen={onOpen}>
        <LazyImage src={vendor.logo} alt="" width={160} height={60} />
        <span className="vendor-tile__name">{vendor.displayName}</span>
        {marginLabel ? <span className="vendor-tile__fact">{marginLabel}</span> : null}
        {vendor.isHot === 1 ? <span className="badge badge--hot vendor-tile__badge">{hotLabel}</span> : null}
      </VendorCardLink>
    </li>
  );
}

/** The real vendors of one game type (or of all types) as returned by the game-type call. */
export function VendorGrid({ gameType }: { gameType?: GameType }) {
  const { t } = useTranslation();
  const { data, isPending, isError, refetch } = useGameTypes();
  const vendorCards = useVendorCardAction();

  if (isPending) {
    return (
      <ul className="vendor-grid" aria-hidden="true">
        {Array.from({ length: 6 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
          <li key={index}>
            {/* The same boxes as a real tile (logo, one line of name), so the grid keeps its height. */}
            <span className="vendor-tile vendor-tile--placeholder">
              <Skeleton aspectRatio="160 / 60" className="vendor-tile__logo-placeholder" />
              <span className="vendor-tile__name">&nbsp;</span>
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (isError) return <ErrorState message={t('common.loadFailed')} onRetry={() => void refetch()} />;
  const vendors = data.filter((item) => !gameType || item.gameType === gameType).flatMap((item) => item.vendors);
  if (vendors.length === 0) return <EmptyState />;
  const hotLabel = t('common.hot');
  return (
    <>
      <ul className="vendor-grid">
        {vendors.map((vendor) => (
          <VendorTile
            key={`${vendor.gameType}-${vendor.vassalage}`}
            vendor={vendor}
            onOpen={vendorCards.open}
            hotLabel={hotLabel}
            marginLabel={vendor.margin ? t('games.tile.margin', { value: vendor.margin }) : null}
          />
        ))}
      </ul>
      {vendorCards.action}
    </>
  );
}
