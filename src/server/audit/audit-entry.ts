import type { AuditEntry } from '#contract/audit-log';

/** Bounds that keep an entry small whatever the call carried. */
export const AUDIT_BOUNDS = {
  /** Ids listed per list of a bulk write; the count says how many there were. */
  idsPerList: 20,
  /** Kinds of target, lists of a bulk write and changed fields kept per entry. */
  keys: 32,
  /** Characters of a string kept (an id is at most 128). */
  text: 200,
  /** Characters of a changed value's JSON kept; a longer value is cut to this as a string. */
  value: 300,
} as const;

/** The text cut to `max` characters, never between the two halves of a 4-byte character. */
export function clip(text: string, max: number = AUDIT_BOUNDS.text): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? max - 1 : max;
  return `${text.slice(0, end)}…`;
}

/** A changed value as stored: small values as they are, a large one cut to a string. */
export function boundedValue(value: unknown): unknown {
  if (value === undefined) return null;
  const json = JSON.stringify(value);
  return json.length > AUDIT_BOUNDS.value ? clip(json, AUDIT_BOUNDS.value) : value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const idKey = (key: string) => key === 'id' || key.endsWith('Id');

/** The id of one item of a bulk list: the item itself when a string, else its first id field. */
function itemId(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (!isRecord(item)) return undefined;
  for (const [key, value] of Object.entries(item)) {
    if (idKey(key) && typeof value === 'string') return value;
  }
  return undefined;
}

/**
 * What a request says of its targets without any module's help: its top-level ids (fields named
 * `…Id`, and `apiKey`, the workspace endpoints' name for a key id) and, for each list, its length
 * and first ids. Bodies are never copied.
 */
export function requestTargets(input: unknown): Pick<AuditEntry, 'target' | 'summary'> {
  const target: AuditEntry['target'] = {};
  const summary: AuditEntry['summary'] = {};
  if (!isRecord(input)) return { target, summary };
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' && (idKey(key) || key === 'apiKey')) {
      target[key === 'apiKey' ? 'apiKeyId' : key] = clip(value);
    } else if (Array.isArray(value) && Object.keys(summary).length < AUDIT_BOUNDS.keys) {
      const ids: string[] = [];
      for (const item of value) {
        if (ids.length === AUDIT_BOUNDS.idsPerList) break;
        const found = itemId(item);
        if (found !== undefined) ids.push(clip(found));
      }
      summary[key] = { count: value.length, ids };
    }
  }
  return { target, summary };
}

/** At most `AUDIT_BOUNDS.keys` entries of a record (the record itself when it has no more). */
export function boundedRecord<V>(record: Record<string, V>): Record<string, V> {
  if (Object.keys(record).length <= AUDIT_BOUNDS.keys) return record;
  return Object.fromEntries(Object.entries(record).slice(0, AUDIT_BOUNDS.keys));
}

/**
 * The settings that differ between two views of the same thing, as `{ field: { from, to } }`.
 * Views must already hold secrets masked (the stored masks, or `SECRET_MASK`).
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditEntry['changes'] {
  const changes: AuditEntry['changes'] = {};
  const compare = (field: string) => {
    const from = before[field];
    const to = after[field];
    // Equal values are equal as JSON; only objects need their JSON compared (every write's
    // settings are mostly the same booleans and strings).
    if (from === to) return;
    const objects = typeof from === 'object' || typeof to === 'object';
    if (objects && JSON.stringify(from) === JSON.stringify(to)) return;
    changes[field] = { from: boundedValue(from), to: boundedValue(to) };
  };
  for (const field in before) compare(field);
  for (const field in after) if (!(field in before)) compare(field);
  return changes;
}

/** What a changed secret shows in the log: that it changed, never any part of it. */
export const SECRET_MASK = '••••••••';
