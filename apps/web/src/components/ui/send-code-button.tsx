import { TIMING } from '@portal/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from './alert-dialog';

export interface SendCodeButtonProps {
  /**
   * Checks what the code needs (the phone number) and sends it. Resolves to the code's lifetime in minutes,
   * or null when nothing was sent (the caller showed why); a rejection shows its message in a warning.
   */
  onSend: () => Promise<number | null>;
  disabled?: boolean;
  label?: string;
}

/**
 * Sends a verification code, then stays disabled for the code's lifetime (expiredMinutes x 60 s) with a
 * seconds countdown. Clicks closer than one second apart are ignored (spec section 9).
 */
export function SendCodeButton({ onSend, disabled = false, label }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const lastClick = useRef(0);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) {
        window.clearInterval(timer);
        setEndsAt(null);
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));

  async function send() {
    const clickedAt = Date.now();
    if (clickedAt - lastClick.current < TIMING.smsThrottleMs) return;
    lastClick.current = clickedAt;
    setSending(true);
    try {
      const minutes = await onSend();
      if (minutes !== null) {
        const start = Date.now();
        setNow(start);
        setEndsAt(start + Math.max(0, minutes) * 60_000);
      }
    } catch (error) {
      setFailure(error instanceof Error && error.message ? error.message : t('common.unexpected'));
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small send-code-button tabular"
        disabled={disabled || sending || remaining > 0}
        onClick={() => void send()}
      >
        {remaining > 0 ? t('form.resendIn', { seconds: remaining }) : (label ?? t('form.sendCode'))}
      </button>
      <AlertDialog
        open={failure !== null}
        message={failure}
        confirmLabel={t('in_increase_submit')}
        onConfirm={() => setFailure(null)}
        testId="send-code-failure"
      />
    </>
  );
}
