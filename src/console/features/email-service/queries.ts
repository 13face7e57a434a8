import { getEmailConfig, getSentEmails } from '#contract/email-service';
import { call } from '#console/lib/api';
import type { ApiKeyCredentials } from '#console/lib/api-key';
import { keyQueryOptions } from '#console/lib/key-query';
import { pageOf, pageParam, pagedQueryOptions } from '#console/lib/paged-query';

/** Sent e-mails per page of the table; it asks for more as it scrolls. */
export const SENT_EMAILS_PAGE = 50;

/**
 * Query keys of the e-mail service, generic to specific. Each query calls with the key it is
 * keyed by: switching keys can never show one key's e-mail as another's.
 */
export const emailServiceQueries = {
  all: () => ['email-service'] as const,
  one: (apiKeyId: string) => [...emailServiceQueries.all(), apiKeyId] as const,
  config: (apiKey: ApiKeyCredentials) =>
    keyQueryOptions(
      [...emailServiceQueries.one(apiKey.id), 'config'] as const,
      async (signal) => (await call(getEmailConfig, undefined, { apiKey, signal })).data,
    ),
  /** The key's e-mails, newest first, page by page; read afresh, since they go out meanwhile. */
  sent: (apiKey: ApiKeyCredentials) => ({
    ...pagedQueryOptions({
      queryKey: [...emailServiceQueries.one(apiKey.id), 'sent'] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            getSentEmails,
            { pageSize: SENT_EMAILS_PAGE, ...pageParam('pageToken', token) },
            { apiKey, signal },
          ),
        ),
    }),
    staleTime: 0,
  }),
};
