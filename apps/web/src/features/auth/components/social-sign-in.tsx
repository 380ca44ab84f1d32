import { useTranslation } from 'react-i18next';
import { type SocialProvider, socialStartUrl, useSocialProviders } from '../api/get-social-providers';

const ICONS: Record<SocialProvider, string> = {
  google:
    'M21 12.2c0-.7-.1-1.3-.2-1.9H12v3.6h5a4.3 4.3 0 0 1-1.9 2.8v2.3h3c1.8-1.6 2.9-4 2.9-6.8zM12 21c2.5 0 4.6-.8 6.1-2.2l-3-2.3c-.8.6-1.9.9-3.1.9-2.4 0-4.4-1.6-5.1-3.8H3.8v2.4A9 9 0 0 0 12 21zM6.9 13.6a5.4 5.4 0 0 1 0-3.4V7.8H3.8a9 9 0 0 0 0 8.2zM12 6.6c1.3 0 2.5.5 3.5 1.4l2.6-2.6A9 9 0 0 0 3.8 7.8l3.1 2.4C7.6 8.2 9.6 6.6 12 6.6z',
  facebook:
    'M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12z',
};

/** 'Continue with Google / Facebook' when the brand has them (spec section 2, Login screen). */
export function SocialSignIn() {
  const { t } = useTranslation();
  const { data } = useSocialProviders();
  const providers = data?.providers ?? [];
  if (providers.length === 0) return null;
  return (
    <div className="social-sign-in">
      <p className="social-sign-in__or">
        <span>{t('auth.social.or')}</span>
      </p>
      <div className="social-sign-in__buttons">
        {providers.map((provider) => (
          <a key={provider} className={`button button--ghost social-sign-in__button`} href={socialStartUrl(provider)}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d={ICONS[provider]} fill="currentColor" />
            </svg>
            {t(`auth.social.${provider}`)}
          </a>
        ))}
      </div>
    </div>
  );
}
