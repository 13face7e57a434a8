import { useTheme } from '../lib/theme';
import { MoonIcon, SunIcon } from './icons';

/** A toggle button: its name stays "Dark theme" and aria-pressed tells whether it is on. */
export function ThemeToggle() {
  const { theme, setTheme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      aria-pressed={dark}
      aria-label="Dark theme"
      title={dark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className="rounded-md p-2 text-muted hover:bg-surface-muted hover:text-text"
    >
      {/* Both, chosen by the theme's class on <html>: the page drawn at build time knows no theme. */}
      <SunIcon className="size-5 dark:hidden" />
      <MoonIcon className="size-5 not-dark:hidden" />
    </button>
  );
}
