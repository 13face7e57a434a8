import { z } from 'zod';
import type { Secrets } from '../../crypto/secrets';
import { PageTokens } from '../../http/page-token';

/** A keyset position in a webhook list: the (createdAt, id) of the row a page stopped at. */
export interface Cursor {
  direction: 'next' | 'prev';
  createdAtMs: number;
  id: string;
}

const position = z.tuple([z.union([z.literal(0), z.literal(1)]), z.number(), z.string()]);

/** The `iterator` tokens of a webhook list (`it_…`), signed and bound to the list's owner. */
export function iterators(secrets: Secrets, list: 'webhook-endpoints' | 'webhook-messages') {
  const tokens = new PageTokens(secrets, {
    name: list,
    field: 'data.iterator',
    position,
    prefix: 'it_',
  });
  return {
    encode: (owner: string, c: Cursor) =>
      tokens.encode(owner, [c.direction === 'next' ? 1 : 0, c.createdAtMs, c.id]),
    decode: (owner: string, token: string | undefined): Cursor | undefined => {
      const p = tokens.decode(owner, token);
      return p && { direction: p[0] === 1 ? 'next' : 'prev', createdAtMs: p[1], id: p[2] };
    },
  };
}
