// Runs before the app: applies the stored theme, or the system's, to <html>. The storage key and
// the rule are the same as in src/console/lib/theme.ts.
(() => {
  let stored = null;
  try {
    stored = window.localStorage.getItem('console.theme');
  } catch {
    // Storage can be blocked; the system preference still applies.
  }
  const dark =
    stored === 'dark' ||
    (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
