/**
 * JSON as UTF-8 bytes, fast for text beyond Latin-1 (emoji, CJK, Cyrillic…).
 *
 * V8 (Node 20) builds the result of `JSON.stringify` as a two-byte string as soon as it holds one
 * character above U+00FF, and that string is slow to read the first time: Fastify's
 * `Buffer.byteLength` of an 84 kB export page with 100 emoji took 1.3–2 ms, against 0.05 ms for
 * the same page without them, and that was most of the page's serialisation time.
 *
 * So every string holding a character above U+007F is replaced, before `JSON.stringify`, by its
 * UTF-8 bytes written as Latin-1 characters (one character per byte). The JSON text is then
 * one-byte, quick to build and to read, and its Latin-1 encoding is exactly the UTF-8 encoding
 * of the original value. Bytes 0x80–0xFF are never escaped by `JSON.stringify` (only characters
 * below U+0020, `"` and `\` are), so none is changed on the way.
 */

const BEYOND_ASCII = /[\u0080-\uffff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A string that holds a lone surrogate, which has no UTF-8 form. */
class LoneSurrogate extends Error {}

/** The string as its UTF-8 bytes, one Latin-1 character per byte; ASCII strings as they are. */
function asBytes(text: string): string {
  if (!BEYOND_ASCII.test(text)) return text;
  if (LONE_SURROGATE.test(text)) throw new LoneSurrogate();
  return Buffer.from(text, 'utf8').toString('latin1');
}

function arrayInByteForm(list: readonly unknown[]): readonly unknown[] {
  let copy: unknown[] | undefined;
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    const converted = inByteForm(item);
    if (converted !== item) {
      copy ??= list.slice();
      copy[i] = converted;
    }
  }
  return copy ?? list;
}

function recordInByteForm(record: Readonly<Record<string, unknown>>): object {
  const keys = Object.keys(record);
  let copy: Record<string, unknown> | undefined;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    const item = record[key];
    const converted = inByteForm(item);
    const byteKey = asBytes(key);
    if (copy === undefined && (converted !== item || byteKey !== key)) {
      // Without a prototype, an own `__proto__` key of a caller's input stays a plain key.
      copy = Object.create(null) as Record<string, unknown>;
      for (const earlier of keys.slice(0, i)) copy[earlier] = record[earlier];
    }
    if (copy !== undefined) copy[byteKey] = converted;
  }
  return copy ?? record;
}

/**
 * The value with every string (and object key) beyond ASCII in byte form, in the same order;
 * parts without any are shared, not copied. `toJSON` (dates) is applied first, as
 * `JSON.stringify` would.
 */
function inByteForm(value: unknown): unknown {
  if (typeof value === 'string') return asBytes(value);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return arrayInByteForm(value);
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return inByteForm((toJSON as () => unknown).call(value));
  return recordInByteForm(value as Record<string, unknown>);
}

/**
 * `JSON.stringify(value)` encoded as UTF-8, for a value JSON can hold (an answer's envelope). A
 * lone surrogate (not storable in the database, but a caller's input can be echoed) has no UTF-8
 * form: such a value takes the plain way, where `JSON.stringify` writes it as an escape.
 */
export function jsonBytes(value: unknown): Buffer {
  let converted: unknown;
  try {
    converted = inByteForm(value);
  } catch (err) {
    if (err instanceof LoneSurrogate) return Buffer.from(JSON.stringify(value), 'utf8');
    throw err;
  }
  return Buffer.from(JSON.stringify(converted), 'latin1');
}
