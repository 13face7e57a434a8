/**
 * The read form of a secret the caller gave us: enough to recognise which one is stored, never
 * enough to use it. Short secrets show only their last two characters.
 */
export function maskSecret(secret: string): string {
  if (secret.length >= 16) return `${secret.slice(0, 3)}••••${secret.slice(-4)}`;
  return `••••${secret.slice(-2)}`;
}
