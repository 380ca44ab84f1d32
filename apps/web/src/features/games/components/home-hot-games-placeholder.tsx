import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Skeleton } from '@/components/ui/skeleton';

/** Two rows on a desktop (six a row), four on a phone (three a row). */
export const HOME_HOT_GAMES = 12;

/** The hot games section's title and its link to every slot. */
export function HotGamesHead() {
  const { t } = useTranslation();
  return (
    <div className="section__head">
      <h2 className="section__title" id="home-hot-games">
        {t('home.hotGames')}
      </h2>
      <Link className="section__more" to="/rng">
        {t('home.seeAll')}
      </Link>
    </div>
  );
}

/**
 * The hot games section's boxes until its code and games arrive (the game tile's placeholder markup with both its
 * buttons, without its code in the home page's chunk), so the sections below it do not move when they do.
 */
export function HomeHotGamesPlaceholder() {
  return (
    <section className="section home-hot" aria-labelledby="home-hot-games" aria-busy="true">
      <HotGamesHead />
      <ul className="game-grid" aria-hidden="true">
        {Array.from({ length: HOME_HOT_GAMES }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders never reorder
          <li key={index} className="game-tile game-tile--placeholder">
            <div className="game-tile__media">
              <Skeleton aspectRatio="1 / 1" radius="card" className="game-tile__image" />
            </div>
            <div className="game-tile__body">
              <Skeleton width="80%" />
              <Skeleton width="50%" />
              <Skeleton height={34} radius="pill" />
              <Skeleton height={34} radius="pill" />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
