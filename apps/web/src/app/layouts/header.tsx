import type { BrandSettings } from '@portal/shared/api';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { usePermission } from '@/api/get-permission';
import { Skeleton } from '@/components/ui/skeleton';
import { GameNav } from '@/features/games/components/game-nav';
import { changeLanguage, offeredLanguages, useLanguage } from '@/i18n';
import { DESKTOP_MEDIA_QUERY } from '@/lib/breakpoints';
import { usePortalModals } from '@/lib/portal-modals';
import { hasSessionHint } from '@/lib/session';
import { useTheme } from '@/lib/theme';
import { useMediaQuery } from '@/lib/use-media-query';
import { AccountMenu } from './account-menu';
import { HeaderBalance } from './header-balance';
import { LogoMark } from './logo-mark';

/** The brand's languages (every language the app has until the brand is known); nothing to pick from one. */
function LanguagePicker({ brand }: { brand: BrandSettings | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const offered = offeredLanguages(brand);
  if (offered.length < 2) return null;
  return (
    <fieldset className="segmented" aria-label={t('header.language')}>
      {offered.map((code) => (
        <button
          key={code}
          type="button"
          className="segmented__option"
          aria-pressed={language === code}
          lang={code}
          title={t(`languages.${code}`)}
          onClick={() => void changeLanguage(code)}
        >
          {code.toUpperCase()}
        </button>
      ))}
    </fieldset>
  );
}

function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, toggle] = useTheme();
  const label = theme === 'light' ? t('header.toDark') : t('header.toLight');
  return (
    <button
      type="button"
      className="icon-button icon-button--outlined"
      onClick={toggle}
      aria-label={label}
      title={label}
    >
      {theme === 'light' ? (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5z" fill="currentColor" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="4.5" fill="currentColor" />
          <path
            d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      )}
    </button>
  );
}

export function Logo({ brand }: { brand?: string }) {
  const { t } = useTranslation();
  return (
    <Link to="/" className="logo" aria-label={t('header.homeLink', { brand: brand ?? '' })}>
      <LogoMark />
      {brand ? <span className="logo__text">{brand}</span> : <Skeleton width={88} height={20} />}
    </Link>
  );
}

/** Opens the registration popup; shown only with DIRECTREG3. */
function RegisterButton() {
  const { t } = useTranslation();
  const { open } = usePortalModals();
  return (
    <button type="button" className="button button--primary button--small" onClick={() => open({ name: 'register' })}>
      {t('header.register')}
    </button>
  );
}

/** Visitors get login and register (register only with DIRECTREG3); both open their popup. */
function VisitorActions({ directRegister }: { directRegister: boolean }) {
  const { t } = useTranslation();
  const { open } = usePortalModals();
  return (
    <>
      <button type="button" className="button button--ghost button--small" onClick={() => open({ name: 'login' })}>
        {t('header.login')}
      </button>
      {directRegister ? <RegisterButton /> : null}
    </>
  );
}

/**
 * The desktop header's compact login form. It only collects the name and password: the login popup takes them
 * and signs in at once, handling whatever follows, so the start-up bundle carries no login logic.
 */
function HeaderLoginForm({ directRegister }: { directRegister: boolean }) {
  const { t } = useTranslation();
  const { open } = usePortalModals();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    open({ name: 'login', username: username.trim(), password });
    setPassword('');
  }

  return (
    <form className="header-login" onSubmit={submit} data-testid="header-login">
      <label className="visually-hidden" htmlFor="header-login-username">
        {t('auth.username')}
      </label>
      <input
        id="header-login-username"
        className="header-login__input"
        value={username}
        onChange={(event) => setUsername(event.target.value)}
        placeholder={t('auth.username')}
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
      />
      <span className="header-login__password">
        <label className="visually-hidden" htmlFor="header-login-password">
          {t('auth.password')}
        </label>
        <input
          id="header-login-password"
          className="header-login__input"
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          placeholder={t('auth.password')}
          autoComplete="current-password"
          maxLength={128}
        />
        <button
          type="button"
          className="header-login__forgot"
          onClick={() => open({ name: 'forget' })}
          aria-label={t('auth.forgot')}
          title={t('auth.forgot')}
        >
          ?
        </button>
      </span>
      <button type="submit" className="button button--ghost button--small">
        {t('header.login')}
      </button>
      {directRegister ? <RegisterButton /> : null}
    </form>
  );
}

export function Header({ showNav }: { showNav: boolean }) {
  const { data: permission } = usePermission();
  const member = useMemberInfo();
  const directRegister = permission?.settings.flags.DIRECTREG3 === true;
  // Phones use the bottom tab bar: the navigation, with every vendor dropdown, is not even rendered there.
  const desktop = useMediaQuery(DESKTOP_MEDIA_QUERY);
  // With the session hint the member's info is on its way: keep the place instead of flashing the login buttons.
  const checking = hasSessionHint() && member.isPending;

  return (
    <header className="header">
      <div className={`header__bar container${member.data ? ' header__bar--member' : ''}`}>
        <Logo brand={permission?.settings.brandName} />
        <div className="header__actions">
          {member.data ? (
            <>
              <HeaderBalance />
              <AccountMenu member={member.data} />
            </>
          ) : checking ? (
            <Skeleton width={96} height={34} radius="pill" />
          ) : desktop ? (
            <HeaderLoginForm directRegister={directRegister} />
          ) : (
            <VisitorActions directRegister={directRegister} />
          )}
          <LanguagePicker brand={permission?.settings} />
          <ThemeToggle />
        </div>
      </div>
      {showNav && desktop ? (
        <div className="header__nav">
          <div className="container">
            <GameNav />
          </div>
        </div>
      ) : null}
    </header>
  );
}
