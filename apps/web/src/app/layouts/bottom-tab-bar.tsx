import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { usePortalModals } from '@/lib/portal-modals';

function Icon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="tab-bar__icon">
      {children}
    </svg>
  );
}

/** Phones: the bottom tab bar replaces the navigation and side menus. */
export function BottomTabBar() {
  const { t } = useTranslation();
  const { data: member } = useMemberInfo();
  const { open } = usePortalModals();
  // Deposit and the member centre need a session: visitors get the login popup. Members get the member centre,
  // on its deposit page for the Deposit tab.
  const openMemberArea = (page?: string) => open(member ? { name: 'memberCentre', page } : { name: 'login' });

  const items = [
    {
      to: '/',
      label: t('nav.home'),
      end: true,
      icon: (
        <path
          d="M3 11 12 4l9 7v9h-6v-6H9v6H3z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      ),
    },
    {
      to: '/rng',
      label: t('nav.games'),
      end: false,
      icon: (
        <>
          <rect x="3" y="7" width="18" height="11" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M8 10v5M5.5 12.5h5" stroke="currentColor" strokeWidth="2" />
          <circle cx="16" cy="11.5" r="1.3" fill="currentColor" />
          <circle cx="18" cy="14" r="1.3" fill="currentColor" />
        </>
      ),
    },
    {
      to: '/promotions',
      label: t('nav.promotions'),
      end: false,
      icon: (
        <>
          <rect x="3" y="9" width="18" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
          <path
            d="M12 9v12M3 13h18M12 9c-2-5-7-4-5-1M12 9c2-5 7-4 5-1"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          />
        </>
      ),
    },
    {
      to: null,
      page: 'depositv2',
      label: t('nav.deposit'),
      end: false,
      icon: (
        <>
          <rect x="2" y="6" width="20" height="13" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M2 10h20M16 15h2" stroke="currentColor" strokeWidth="2" />
        </>
      ),
    },
    {
      to: null,
      label: t('nav.member'),
      end: false,
      icon: (
        <>
          <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M4 21a8 8 0 0 1 16 0" fill="none" stroke="currentColor" strokeWidth="2" />
        </>
      ),
    },
  ];

  return (
    <nav className="tab-bar" aria-label={t('nav.tabBar')}>
      <ul className="tab-bar__list">
        {items.map((item) => (
          <li key={item.label}>
            {item.to === null ? (
              <button type="button" className="tab-bar__link" onClick={() => openMemberArea(item.page)}>
                <Icon>{item.icon}</Icon>
                <span>{item.label}</span>
              </button>
            ) : (
              <NavLink className="tab-bar__link" to={item.to} end={item.end}>
                <Icon>{item.icon}</Icon>
                <span>{item.label}</span>
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
