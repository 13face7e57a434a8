import { useCallback, useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';

// The same key and rule as the inline script of index.html, which applies the theme before the
// first paint.
const storageKey = 'console.theme';
const darkQuery = '(prefers-color-scheme: dark)';

// The choice of this page load, for when storage is blocked and cannot keep it.
let chosen: Theme | null = null;

function storedTheme(): Theme | null {
  if (chosen) return chosen;
  try {
    const value = window.localStorage.getItem(storageKey);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

function currentTheme(): Theme {
  return storedTheme() ?? (window.matchMedia(darkQuery).matches ? 'dark' : 'light');
}

function apply(theme: Theme) {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

const listeners = new Set<() => void>();

function notify() {
  apply(currentTheme());
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Until the user picks a theme, the page follows the system's as it changes.
  const media = window.matchMedia(darkQuery);
  media.addEventListener('change', notify);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', notify);
  };
}

export function useTheme(): { theme: Theme; setTheme: (theme: Theme) => void } {
  const theme = useSyncExternalStore(subscribe, currentTheme, () => 'light' as const);
  const setTheme = useCallback((next: Theme) => {
    chosen = next;
    try {
      window.localStorage.setItem(storageKey, next);
    } catch {
      // Without storage the choice lasts until the page is reloaded.
    }
    notify();
  }, []);
  return { theme, setTheme };
}
