/** The process environment, or the variables a test gives. */
export type Env = Record<string, string | undefined>;

/**
 * A whole number (a count, days, a size, a duration in milliseconds) from the environment:
 * `fallback` when unset or empty, refused with the variable's name when it is anything else.
 * `positive` refuses zero too, for the limits that zero would switch off.
 */
export function wholeNumber(
  env: Env,
  name: string,
  fallback: number,
  { positive = false }: { positive?: boolean } = {},
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < (positive ? 1 : 0)) {
    throw new Error(`${name} must be a ${positive ? 'positive ' : ''}whole number`);
  }
  return value;
}
