import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's clock, ticking every second while mounted (one timer per caller). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** mm:ss, or h:mm:ss past an hour; never negative. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const mmss = `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}

/** The time left as players read it: mm:ss, h:mm:ss, and whole days first past a day ("2d 10:32:13"). */
export function useClockText(): (ms: number) => string {
  const { t } = useTranslation();
  return (ms: number) => {
    const days = Math.floor(Math.max(0, ms) / 86_400_000);
    const rest = formatClock(ms - days * 86_400_000);
    return days > 0 ? `${t('countdown.days', { days })} ${rest}` : rest;
  };
}
