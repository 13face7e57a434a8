import type { Secrets } from '../../crypto/secrets';
import { invalidArgument } from '../../http/service-error';

/** A keyset position: the (createdAt, id) of the row the page stopped at. */
export interface Cursor {
  direction: 'next' | 'prev';
  createdAtMs: number;
  id: string;
}

/**
 * Opaque, signed iterators bound to the list that made them (`scope`, e.g. the API key whose
 * endpoints are listed), so a token cannot be forged or replayed against another list.
 */
export function encodeIterator(secrets: Secrets, scope: string, cursor: Cursor): string {
  const body = Buffer.from(
    JSON.stringify([cursor.direction === 'next' ? 1 : 0, cursor.createdAtMs, cursor.id]),
  ).toString('base64url');
  return `it_${body}.${secrets.sign(`${scope}|${body}`)}`;
}

export function decodeIterator(secrets: Secrets, scope: string, token: string): Cursor {
  const invalid = invalidArgument(
    'data.iterator is not valid for this list; start again without it.',
  );
  const match = /^it_([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(token);
  if (!match?.[1] || !match[2]) throw invalid;
  const [, body, signature] = match;
  if (!secrets.verifySignature(`${scope}|${body}`, signature)) throw invalid;
  const parsed: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    typeof parsed[1] !== 'number' ||
    typeof parsed[2] !== 'string'
  ) {
    throw invalid;
  }
  return { direction: parsed[0] === 1 ? 'next' : 'prev', createdAtMs: parsed[1], id: parsed[2] };
}
