import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '@/api/get-permission';
import { ErrorState } from '@/components/ui/error-state';
import { safeGameUrl } from '@/features/games/lib/game-url';
import { usePageTitle } from '@/lib/use-page-title';
import '@/features/games/i18n/register';
import '@/styles/games.css';

/**
 * Scripts, forms and pop-ups are what a game needs; same-origin lets the portal's own games (and the vendors'
 * pages on their own origins) keep their cookies and call their API. Together they let a same-origin document
 * lift its own sandbox, which is why only this site's paths and https addresses are ever framed.
 */
const GAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups';

/** /game?url=…&name=…: a launched game in a full-height iframe, under a bar with its name and a close button. */
export function GamePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: permission } = usePermission();
  const src = safeGameUrl(params.get('url'));
  const name = params.get('name')?.trim() || t('pages.game');
  usePageTitle(name, permission?.settings.brandName);

  // Back to the list the game was opened from; a game opened directly (a new tab, a bookmark) goes home.
  const close = () => {
    if (location.key === 'default') navigate('/');
    else navigate(-1);
  };

  return (
    <div className="game-page">
      <header className="game-page__bar">
        <h1 className="game-page__title">{name}</h1>
        <button type="button" className="icon-button" onClick={close} title={t('gamePage.close')}>
          <span aria-hidden="true">✕</span>
          <span className="visually-hidden">{t('gamePage.close')}</span>
        </button>
      </header>
      {src ? (
        <iframe
          key={src}
          className="game-page__frame"
          src={src}
          title={t('gamePage.frameTitle', { name })}
          allow="fullscreen"
          sandbox={GAME_SANDBOX}
        />
      ) : (
        <div className="game-page__error">
          <ErrorState
            title={t('gamePage.invalidTitle')}
            message={t('gamePage.invalidText')}
            onRetry={close}
            retryLabel={t('gamePage.back')}
            testId="game-url-invalid"
          />
        </div>
      )}
    </div>
  );
}
