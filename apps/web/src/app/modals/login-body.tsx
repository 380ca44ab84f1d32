import { LoginForm } from '@/features/auth/components/login-form';
import { usePermission } from '@/features/system/api/get-permission';

/** The login popup (header, bottom tab bar, login-required actions). */
export function LoginBody() {
  const { data: permission } = usePermission();
  return <LoginForm variant="modal" flags={permission?.settings.flags ?? {}} />;
}
