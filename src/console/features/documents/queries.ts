import { queryOptions } from '@tanstack/react-query';
import {
  MAX_DOCUMENT_IDS,
  type Migration,
  getDocuments,
  migrateDocumentsStatus,
} from '#contract/documents';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { idsFromText } from '../../lib/id-search';
import { keyQueryOptions } from '../../lib/key-query';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';

/** Documents per page of the table; it asks for more as it scrolls. */
export const DOCUMENTS_PAGE = 100;
/** How often a migration on its way is asked about. */
export const MIGRATION_REFRESH_MS = 1000;

export interface DocumentsFilter {
  organizationId: string;
  folderId?: string | undefined;
  ids?: string[] | undefined;
}

/** The document IDs of the search box, at most as many as Get Documents takes. */
export const searchedDocumentIds = (text: string | undefined) =>
  idsFromText(text, MAX_DOCUMENT_IDS);

export const isFinished = (migration: Migration | undefined) =>
  migration?.status === 'completed' || migration?.status === 'failed';

/**
 * Query keys of the documents area, generic to specific. Each query calls with the key it is keyed
 * by: switching keys can never show one key's documents as another's.
 */
export const documentQueries = {
  all: () => ['documents'] as const,
  one: (apiKeyId: string) => [...documentQueries.all(), apiKeyId] as const,
  /** One organization's documents (of a folder, or of some IDs), page by page. */
  list: (apiKey: ApiKeyCredentials, filter: DocumentsFilter) =>
    pagedQueryOptions({
      queryKey: [...documentQueries.one(apiKey.id), 'list', filter] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            getDocuments,
            {
              organizationId: filter.organizationId,
              pageSize: DOCUMENTS_PAGE,
              ...(filter.folderId ? { folderId: filter.folderId } : {}),
              ...(filter.ids ? { documentIds: filter.ids } : {}),
              ...pageParam('pageToken', token),
            },
            { apiKey, signal },
          ),
        ),
    }),
  /** A migration's status; asked again every second until it is completed or failed. */
  migration: (apiKey: ApiKeyCredentials, organizationId: string, migrationId: string) =>
    queryOptions({
      ...keyQueryOptions(
        [...documentQueries.one(apiKey.id), 'migration', organizationId, migrationId] as const,
        async (signal) =>
          (await call(migrateDocumentsStatus, { organizationId, migrationId }, { apiKey, signal }))
            .data,
      ),
      refetchInterval: (query) => (isFinished(query.state.data) ? false : MIGRATION_REFRESH_MS),
      // A background tab still learns that its migration ended.
      refetchIntervalInBackground: true,
    }),
};
