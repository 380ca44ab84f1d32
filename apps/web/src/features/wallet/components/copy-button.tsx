import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast';

/** Copies a value (an account number) and says so; the value stays selectable for browsers without a clipboard. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const toast = useToast();

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast.show(t('wallet.copy.done'), 'success');
    } catch {
      toast.show(t('wallet.copy.failed'), 'error');
    }
  }

  return (
    <button type="button" className="button button--ghost button--small" onClick={() => void copy()}>
      {t('wallet.copy.button')}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
}
