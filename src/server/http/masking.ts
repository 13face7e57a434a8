import { maskSecret } from '#contract/roles';

/**
 * A copy of `data` with the secrets at `fields` masked (`••••` and the last four characters):
 * what a role that may not see them gets (`maskedFor` in the role table). A path names an array's
 * items with `[]`: `authTokens[].token`. The answer itself is never changed, since it may be a
 * cached value other readers share.
 */
export function maskFields(data: unknown, fields: readonly string[]): unknown {
  return fields.reduce((value, field) => maskPath(value, field.split('.')), data);
}

function maskPath(value: unknown, path: readonly string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return typeof value === 'string' ? maskSecret(value) : value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  const each = head.endsWith('[]');
  const key = each ? head.slice(0, -2) : head;
  if (!(key in record)) return value;
  const inner = record[key];
  const masked =
    each && Array.isArray(inner)
      ? inner.map((item) => maskPath(item, rest))
      : maskPath(inner, rest);
  return { ...record, [key]: masked };
}
