import { usePermission } from '@/api/get-permission';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePortalModals } from '@/lib/portal-modals';

/** The login popup (header, bottom tab bar, login-required actions). */
export function LoginBody() {
  const { data: permission } = usePermission();
  const { current } = usePortalModals();
  const carried = current?.name === 'login' ? current : undefined;
  return (
    <LoginForm
      variant="modal"
      flags={permission?.settings.flags ?? {}}
      initialUsername={carried?.username}
      initialPassword={carried?.password}
      autoSubmit={Boolean(carried?.username && carried.password)}
    />
  );
}
