/**
 * JSON typed into a form field, read before sending: a blank field is "not given", anything else
 * must parse, and an object field must hold an object.
 */

export type JsonRead = { ok: true; value: unknown } | { ok: false; message: string };

/** The value of a JSON field; blank gives undefined. */
export function readJson(text: string, kind: 'object' | 'any' = 'any'): JsonRead {
  if (text.trim() === '') return { ok: true, value: undefined };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `is not valid JSON (${(error as Error).message})` };
  }
  if (kind === 'object' && (typeof value !== 'object' || value === null || Array.isArray(value))) {
    return { ok: false, message: 'must be a JSON object, such as {"name": "value"}' };
  }
  return { ok: true, value };
}

/** A value shown in a JSON field: pretty-printed, blank for none. */
export function jsonText(value: unknown): string {
  return value === undefined || value === null ? '' : JSON.stringify(value, null, 2);
}

/**
 * A loose value, such as one side of an activity's change: text that reads as JSON (a number,
 * true, null, "quoted", an object or a list) is that value; any other text is itself.
 */
export function readLooseValue(text: string): unknown {
  const read = readJson(text);
  return read.ok && read.value !== undefined ? read.value : text;
}

/** A loose value as text, so that readLooseValue gives the same value back. */
export function looseValueText(value: unknown): string {
  if (typeof value === 'string') {
    // Text that would read back as something else (`12`, `true`) is quoted.
    return readLooseValue(value) === value ? value : JSON.stringify(value);
  }
  return value === undefined ? '' : JSON.stringify(value);
}
