import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

function pad(value: number): string {
  return value.toString().padStart(2, '0');
}

export function formatRemaining(ms: number): { days: number; clock: string } {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return { days, clock: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` };
}

export interface CountdownProps {
  /** The moment the countdown reaches zero. */
  to: Date | string | number;
  onEnd?: () => void;
  label?: string;
}

export function Countdown({ to, onEnd, label }: CountdownProps) {
  const { t } = useTranslation();
  const target = new Date(to).getTime();
  const [now, setNow] = useState(() => Date.now());
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;

  useEffect(() => {
    if (Number.isNaN(target)) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= target) {
        window.clearInterval(timer);
        onEndRef.current?.();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [target]);

  if (Number.isNaN(target)) return null;
  const { days, clock } = formatRemaining(target - now);
  return (
    <span className="countdown tabular" role="timer" aria-label={label ?? t('countdown.label')}>
      {days > 0 ? `${t('countdown.days', { days })} ` : ''}
      {clock}
    </span>
  );
}
