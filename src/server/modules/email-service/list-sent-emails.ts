import { z } from 'zod';
import type { Answer } from '#contract/endpoint';
import {
  DEFAULT_SENT_EMAILS_PAGE_SIZE,
  type EmailProvider,
  type SentEmail,
  type getSentEmailsRequest,
} from '#contract/email-service';
import { keysetPage } from '#server/db/keyset';
import { PageTokens } from '#server/http/page-token';
import type { Services } from '#server/services';
import { sentEmailPageStatement } from './store';

/**
 * Get Sent Emails: the key's e-mails, pending, sent and failed, newest first, keyset-paged by
 * (createdAt, id). The token binds the list and the key, not the page size.
 */
export function sentEmailPages(s: Services) {
  const tokens = new PageTokens(s.secrets, {
    name: 'sent-emails',
    field: 'data.pageToken',
    position: z.object({ at: z.string(), id: z.string() }),
  });
  return async (
    apiKeyId: string,
    input: z.output<typeof getSentEmailsRequest>,
  ): Promise<Answer<SentEmail[]>> => {
    const query = { apiKeyId };
    const after = tokens.decode(query, input.pageToken);
    const limit = input.pageSize ?? DEFAULT_SENT_EMAILS_PAGE_SIZE;
    const found = await sentEmailPageStatement(s.db, { apiKeyId, after, limit });
    const { rows, more } = keysetPage(found, limit);
    const last = rows.at(-1);
    return {
      data: rows.map((row) => ({
        ...row,
        provider: row.provider as EmailProvider,
        status: row.status as SentEmail['status'],
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      })),
      message: 'Sent e-mails retrieved successfully.',
      pageToken:
        more && last
          ? tokens.encode(query, { at: last.createdAt.toISOString(), id: last.id })
          : null,
    };
  };
}
