import { useTranslation } from 'react-i18next';
import { AlertDialog } from '@/components/ui/alert-dialog';
import type { useGameLaunch } from '../hooks/use-game-launch';

/** Spec section 4: a trial account asking for real money is told a real account is needed (and may register). */
export function NeedRealAccountDialog({
  launcher,
  testId,
}: {
  launcher: Pick<ReturnType<typeof useGameLaunch>, 'needRealAccount' | 'register' | 'dismissNeedRealAccount'>;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <AlertDialog
      open={launcher.needRealAccount}
      message={t('in_need_true_account')}
      confirmLabel={t('in_increase_submit')}
      onConfirm={launcher.register}
      cancelLabel={t('common.cancel')}
      onCancel={launcher.dismissNeedRealAccount}
      testId={testId}
    />
  );
}
