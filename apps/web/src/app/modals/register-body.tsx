import { RegisterForm } from '@/features/auth/components/register-form';

export function RegisterBody() {
  return <RegisterForm variant="modal" />;
}
