import type { FieldError } from 'react-hook-form';

/** Every error of a FieldErrors tree with its dotted path (`root` errors under their parent). */
export function leafErrors(errors: object, prefix?: string): [string, FieldError][] {
  const found: [string, FieldError][] = [];
  const self = errors as Partial<FieldError>;
  if (typeof self.type === 'string' && prefix !== undefined) {
    found.push([prefix, { type: self.type, message: self.message ?? '' }]);
  }
  for (const [key, value] of Object.entries(errors)) {
    if (['type', 'message', 'ref', 'types'].includes(key)) continue;
    if (typeof value !== 'object' || value === null) continue;
    const path = key === 'root' ? prefix || 'root' : prefix ? `${prefix}.${key}` : key;
    found.push(...leafErrors(value as object, path));
  }
  return found;
}
