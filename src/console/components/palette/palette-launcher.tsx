import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { keyAreas } from '../../lib/areas';
import { useTheme } from '../../lib/theme';

// The palette's code (and its contract calls) loads the first time it opens, so that the shell
// carries only this button and the shortcut.
const loadPalette = () => import('./command-palette');
const CommandPalette = lazy(() =>
  loadPalette().then((module) => ({ default: module.CommandPalette })),
);

const onApple = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.userAgent);

function SearchIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
      className="size-4 shrink-0"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * Opens the command palette: a button for the shell, and ⌘K / Ctrl+K anywhere in the signed-in
 * console (pressed again, it closes the palette). The focus goes back to where it was on closing.
 */
export function PaletteLauncher() {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = useRef(false);
  const { theme, setTheme } = useTheme();

  const change = useCallback((next: boolean) => {
    if (next) {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setLoaded(true);
    }
    isOpen.current = next;
    setOpen(next);
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.metaKey || event.ctrlKey) || event.altKey || event.shiftKey) return;
      if (event.key.toLowerCase() !== 'k') return;
      // Another dialog (a confirmation, a form) keeps the keyboard until it closes.
      if (!isOpen.current && document.querySelector('[role="dialog"], [role="alertdialog"]')) {
        return;
      }
      event.preventDefault();
      change(!isOpen.current);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [change]);

  return (
    <>
      <button
        type="button"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={() => change(true)}
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        className="flex h-9 w-full items-center gap-2 rounded-md border border-border bg-surface px-3 text-sm text-muted hover:bg-surface-muted hover:text-text"
      >
        <SearchIcon />
        <span className="flex-1 text-left">Search…</span>
        <kbd className="hidden rounded border border-border px-1.5 font-sans text-xs sm:inline">
          {onApple ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <CommandPalette
            open={open}
            onOpenChange={change}
            returnFocusTo={opener}
            shell={{
              keyAreas,
              theme,
              setTheme,
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
