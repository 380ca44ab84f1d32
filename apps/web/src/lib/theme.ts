import { DEFAULT_THEME, THEMES, type Theme } from '@portal/shared/constants';
import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from './storage';

export const THEME_STORAGE_KEY = 'theme';

function isTheme(value: string | null): value is Theme {
  return value !== null && (THEMES as readonly string[]).includes(value);
}

export function getStoredTheme(): Theme {
  const stored = readStorage('local', THEME_STORAGE_KEY);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

const listeners = new Set<() => void>();

export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-theme', theme);
  writeStorage('local', THEME_STORAGE_KEY, theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): Theme {
  const current = document.documentElement.getAttribute('data-theme');
  return isTheme(current) ? current : getStoredTheme();
}

export function useTheme(): [Theme, () => void] {
  const theme = useSyncExternalStore(subscribe, snapshot, () => DEFAULT_THEME);
  const toggle = useCallback(() => applyTheme(snapshot() === 'light' ? 'dark' : 'light'), []);
  return [theme, toggle];
}
