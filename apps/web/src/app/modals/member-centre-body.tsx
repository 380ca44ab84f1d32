import type { MemberInfo } from '@portal/shared/auth';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonLines } from '@/components/ui/skeleton';
import { useMemberIcon } from '@/features/auth/api/get-member-icon';
import { useMemberInfo } from '@/features/auth/api/get-member-info';
import { SecurityCentre } from '@/features/member/components/security-centre';
import { usePortalModals } from '@/lib/portal-modals';

interface EntryProps {
  member: MemberInfo;
}

function SecurityCentreEntry({ member }: EntryProps) {
  const { open } = usePortalModals();
  const { data: icon } = useMemberIcon(true);
  return (
    <SecurityCentre
      member={member}
      icon={icon?.icon}
      onChangePassword={() => open({ name: 'changePassword', fromMemberCentre: true })}
    />
  );
}

/**
 * The member centre's menu (spec section 2 lists 14 entries). Only entries whose screens exist are listed;
 * later capabilities add theirs here, each with its spec page key.
 */
const ENTRIES: { key: string; Component: ComponentType<EntryProps> }[] = [
  { key: 'securityCenter', Component: SecurityCentreEntry },
];
export const DEFAULT_MEMBER_CENTRE_PAGE = 'securityCenter';

/** The member centre: a left menu (a row of tabs on phones) and the chosen page. */
export function MemberCentreBody() {
  const { t } = useTranslation();
  const { current } = usePortalModals();
  const { data: member } = useMemberInfo();
  const requested = current?.name === 'memberCentre' ? current.page : undefined;
  const [page, setPage] = useState(
    ENTRIES.some((entry) => entry.key === requested) ? requested! : DEFAULT_MEMBER_CENTRE_PAGE,
  );
  const entry = ENTRIES.find((item) => item.key === page) ?? ENTRIES[0]!;

  return (
    <div className="member-centre">
      <nav className="member-centre__menu" aria-label={t('memberCentre.menu')}>
        <ul>
          {ENTRIES.map((item) => (
            <li key={item.key}>
              <button
                type="button"
                className="member-centre__link"
                aria-current={item.key === page ? 'page' : undefined}
                onClick={() => setPage(item.key)}
              >
                {t(`memberCentre.pages.${item.key}`)}
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="member-centre__page">
        {member ? <entry.Component member={member} /> : <SkeletonLines lines={6} />}
      </div>
    </div>
  );
}
