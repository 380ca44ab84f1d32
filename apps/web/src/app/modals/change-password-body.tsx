import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMemberInfo } from '@/api/get-member-info';
import { useToast } from '@/components/ui/toast';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { usePortalModals } from '@/lib/portal-modals';
import { MEMBER_QUERY_KEY } from '@/lib/session';
import { readStorage } from '@/lib/storage';

/** Change password: forced after login (old password known, so hidden) or asked for by the member. */
export function ChangePasswordBody() {
  const { t } = useTranslation();
  const { current, close } = usePortalModals();
  const { data: member } = useMemberInfo();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const options = current?.name === 'changePassword' ? current : { forced: false, knownPassword: false };

  return (
    <ChangePasswordForm
      username={member?.account ?? readStorage('local', 'account') ?? ''}
      knownPassword={options.knownPassword}
      forced={options.forced}
      onDone={() => {
        void queryClient.invalidateQueries({ queryKey: [MEMBER_QUERY_KEY] });
        toast.show(t('auth.change.done'), 'success');
        close();
        navigate('/');
      }}
    />
  );
}
