/**
 * The read form of a secret the caller gave us: enough to recognise which one is stored, never
 * enough to use it. Short secrets show only their last two characters. Characters are counted
 * as code points: cutting between the two halves of a surrogate pair would leave a lone half,
 * which PostgreSQL refuses to store in a JSON column (the contract fuzzing found it).
 */
export function maskSecret(secret: string): string {
  const chars = Array.from(secret);
  const part = (from: number, to?: number) => chars.slice(from, to).join('');
  if (chars.length >= 16) return `${part(0, 3)}••••${part(-4)}`;
  return `••••${part(-2)}`;
}
