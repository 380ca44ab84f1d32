import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ErrorStateProps {
  title?: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  testId?: string;
}

export function ErrorState({ title, message, onRetry, retryLabel, testId }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <div className="state state--error" role="alert" data-testid={testId}>
      <svg className="state__icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="18" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M24 14v12M24 32v2" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <p className="state__title">{title ?? t('common.errorTitle')}</p>
      {message ? <p className="state__message">{message}</p> : null}
      {onRetry ? (
        <button type="button" className="button button--primary" onClick={onRetry}>
          {retryLabel ?? t('common.retry')}
        </button>
      ) : null}
    </div>
  );
}
