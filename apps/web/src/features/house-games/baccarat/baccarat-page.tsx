import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { useHouseLaunch, useHouseSession } from '../shared/house-api';
import { useHouseLanguage } from '../shared/use-house-language';
import { BaccaratGame } from './components/baccarat-game';
import './i18n/register';
import '@/styles/house-baccarat.css';

/** The pause between two cards turned over. */
export const REVEAL_STEP_MS = 550;

export interface HouseBaccaratPageProps {
  /** The pause between two cards; tests turn them at once. */
  revealStepMs?: number;
}

/**
 * /house/baccarat: the portal's own punto banco table, alone in the game iframe. The launch's address carries the
 * session token (none in free play) and the language; the session says which money plays.
 */
export function HouseBaccaratPage({ revealStepMs = REVEAL_STEP_MS }: HouseBaccaratPageProps) {
  const { t } = useTranslation();
  const launch = useHouseLaunch();
  useHouseLanguage(launch.language);
  usePageTitle(t('houseBaccarat.title'));
  const session = useHouseSession(launch.token);

  if (session.isPending) {
    return (
      <div className="bac bac--waiting">
        <div className="bac-wait" role="status">
          <span className="bac-wait__cards" aria-hidden="true">
            <span />
            <span />
          </span>
          <p>{t('houseBaccarat.loading')}</p>
        </div>
      </div>
    );
  }

  if (session.isError) {
    const error = session.error;
    const expired = error instanceof ApiError && error.code === 'SESSION_EXPIRED';
    const retryable = !(error instanceof ApiError) || error.code === 'NETWORK' || error.status >= 500;
    return (
      <div className="bac bac--waiting">
        <div className="bac-wait bac-alert" role="alert">
          <p className="bac-wait__title">{t('houseBaccarat.errors.sessionLoad')}</p>
          {error instanceof ApiError && error.code !== 'NETWORK' ? <p>{error.message}</p> : null}
          {expired ? <p>{t('houseBaccarat.errors.sessionExpired')}</p> : null}
          {retryable ? (
            <button type="button" className="button button--primary" onClick={() => session.refetch()}>
              {t('common.retry')}
            </button>
          ) : null}
        </div>
      </div>
    );
  }

  return <BaccaratGame session={session.data} token={launch.token} revealStepMs={revealStepMs} />;
}
