import type { z } from 'zod';
import type { Secrets } from '../crypto/secrets';
import { invalidArgument } from './service-error';

/**
 * Opaque, signed page tokens bound to the query that made them. A token carries a keyset
 * position; its signature covers the list's name and the query (tenant and filters), so a token
 * cannot be forged, edited, or replayed against another list or other filters: any of these is
 * INVALID_ARGUMENT with a message naming the field. One instance per list.
 */
export class PageTokens<K> {
  constructor(
    private readonly secrets: Secrets,
    private readonly list: {
      /** Names the list in the signature, e.g. `webhook-endpoints`. */
      name: string;
      /** The request field the token travels in, for the error message: `data.pageToken`. */
      field: string;
      /** Checks a decoded position (a token signed by an older build may not fit). */
      position: z.ZodType<K>;
      /** Prefix that tells a token's kind at a glance. */
      prefix?: string;
    },
  ) {}

  encode(query: unknown, position: K): string {
    const body = Buffer.from(JSON.stringify(position)).toString('base64url');
    return `${this.prefix}${body}.${this.secrets.sign(this.signed(query, body))}`;
  }

  /** The position of a token from an earlier page of the same query; undefined without one. */
  decode(query: unknown, token: string | undefined): K | undefined {
    if (token === undefined) return undefined;
    const invalid = invalidArgument(
      `${this.list.field} is not valid for this list and filters; start again without it.`,
    );
    const match = new RegExp(`^${this.prefix}([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)$`).exec(token);
    const body = match?.[1];
    const signature = match?.[2];
    if (!body || !signature) throw invalid;
    if (!this.secrets.verifySignature(this.signed(query, body), signature)) throw invalid;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      throw invalid;
    }
    const position = this.list.position.safeParse(parsed);
    if (!position.success) throw invalid;
    return position.data;
  }

  private get prefix(): string {
    return this.list.prefix ?? 'pt_';
  }

  private signed(query: unknown, body: string): string {
    return `${this.list.name}|${JSON.stringify(query)}|${body}`;
  }
}
