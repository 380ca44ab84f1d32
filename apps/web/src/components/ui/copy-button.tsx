import { useTranslation } from 'react-i18next';
import { useToast } from './toast';
import './i18n/register';

/** Copies a value (an account number, an invitation link) and says so; the value stays selectable for browsers without a clipboard. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation();
  const toast = useToast();

  async function copy() {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast.show(t('copy.done'), 'success');
    } catch {
      toast.show(t('copy.failed'), 'error');
    }
  }

  return (
    <button type="button" className="button button--ghost button--small" onClick={() => void copy()}>
      {t('copy.button')}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
}
