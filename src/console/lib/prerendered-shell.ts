import { useLayoutEffect } from 'react';

/** The element the service draws the signed-out page into before any script runs. */
export const shellId = 'prerendered-shell';

/**
 * Takes the page the document drew (see src/console/prerender/sign-in-shell.tsx) off screen once
 * React has drawn its own, in the same frame, so the swap is never seen. What was typed into the
 * drawn form before the script arrived, and where the cursor was, move to the live form's fields of
 * the same name.
 */
export function dropPrerenderedShell(): void {
  const shell = document.getElementById(shellId);
  if (!shell) return;
  const root = document.getElementById('root');
  for (const drawn of shell.querySelectorAll('input')) {
    const live = root?.querySelector<HTMLInputElement>(`input[name="${drawn.name}"]`);
    if (!live) continue;
    if (drawn.value !== drawn.defaultValue) live.value = drawn.value;
    if (document.activeElement === drawn) live.focus();
  }
  shell.remove();
}

/** For the frames of pages (signed out and signed in): the first one drawn replaces the shell. */
export function useDropPrerenderedShell(): void {
  useLayoutEffect(dropPrerenderedShell, []);
}
