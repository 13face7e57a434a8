/**
 * An execution's duration as people read it: milliseconds under a second, seconds with a tenth
 * under a minute, then minutes and seconds, then hours and minutes.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const totalSeconds = Math.floor(ms / 1000);
  if (totalSeconds < 3600) {
    const seconds = totalSeconds % 60;
    return `${Math.floor(totalSeconds / 60)} min${seconds ? ` ${seconds} s` : ''}`;
  }
  const totalMinutes = Math.floor(totalSeconds / 60);
  const minutes = totalMinutes % 60;
  return `${Math.floor(totalMinutes / 60)} h${minutes ? ` ${minutes} min` : ''}`;
}
