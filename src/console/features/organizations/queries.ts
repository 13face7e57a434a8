import { getOrganizations } from '#contract/organizations';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';

/** Organizations per page of the table; it asks for more as it scrolls. */
export const ORGANIZATIONS_PAGE = 100;

/**
 * Query keys of the organizations area, generic to specific. Each query calls with the key it is
 * keyed by: switching keys can never show one key's organizations as another's.
 */
export const organizationQueries = {
  all: () => ['organizations'] as const,
  one: (apiKeyId: string) => [...organizationQueries.all(), apiKeyId] as const,
  /** The key's organizations by id, or only those of `ids`, page by page. */
  list: (apiKey: ApiKeyCredentials, ids: readonly string[] | undefined) =>
    pagedQueryOptions({
      queryKey: [...organizationQueries.one(apiKey.id), 'list', ids ?? null] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            getOrganizations,
            {
              pageSize: ORGANIZATIONS_PAGE,
              ...(ids ? { organizationIds: [...ids] } : {}),
              ...pageParam('pageToken', token),
            },
            { apiKey, signal },
          ),
        ),
    }),
};
