/** Two digits, as datetime-local values write every part but the year. */
const two = (n: number) => String(n).padStart(2, '0');

/**
 * An instant as a datetime-local value in the admin's own clock, to the second; empty for none
 * or for text that is no instant.
 */
export function localOf(iso: string | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const day = `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}`;
  return `${day}T${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
}

/** A datetime-local value (the admin's own clock) as the ISO instant the service reads. */
export function isoOf(local: string): string | undefined {
  if (local.trim() === '') return undefined;
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}
