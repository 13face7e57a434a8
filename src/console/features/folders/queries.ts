import { queryOptions } from '@tanstack/react-query';
import { ROOT_FOLDER, getFolders, getFoldersV1 } from '#contract/folders';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyQueryOptions } from '../../lib/key-query';

/** A tree read once stays for a minute: expanding and collapsing again does not read it anew. */
const TREE_STALE_MS = 60_000;

/**
 * Query keys of the folders area, generic to specific. Each query calls with the key it is keyed
 * by: switching keys can never show one key's folders as another's.
 */
export const folderQueries = {
  all: () => ['folders'] as const,
  one: (apiKeyId: string) => [...folderQueries.all(), apiKeyId] as const,
  organization: (apiKeyId: string, organizationId: string) =>
    [...folderQueries.one(apiKeyId), organizationId] as const,
  /**
   * The children of a folder (`root`: the top level), nested `depth` levels: Get Folders v2 with
   * that folderId and maxDepth.
   */
  children: (apiKey: ApiKeyCredentials, organizationId: string, parentId: string, depth: number) =>
    queryOptions({
      ...keyQueryOptions(
        [
          ...folderQueries.organization(apiKey.id, organizationId),
          'children',
          parentId,
          depth,
        ] as const,
        async (signal) => {
          const { data } = await call(
            getFolders,
            { organizationId, folderId: parentId, maxDepth: depth },
            { apiKey, signal },
          );
          return parentId === ROOT_FOLDER ? data : (data[0]?.subFolders ?? []);
        },
      ),
      staleTime: TREE_STALE_MS,
    }),
  /** One folder with its own fields (ancestors, access), as v2 answers it. */
  detail: (apiKey: ApiKeyCredentials, organizationId: string, folderId: string) =>
    keyQueryOptions(
      [...folderQueries.organization(apiKey.id, organizationId), 'detail', folderId] as const,
      async (signal) => {
        const { data } = await call(
          getFolders,
          { organizationId, folderId, maxDepth: 1 },
          { apiKey, signal },
        );
        const [folder] = data;
        if (!folder) throw new Error(`The service answered no folder ${folderId}.`);
        return folder;
      },
    ),
  /** The folder as a v1 caller reads it: the v1 fields, one level of subFolders. */
  v1: (apiKey: ApiKeyCredentials, organizationId: string, folderId: string) =>
    keyQueryOptions(
      [...folderQueries.organization(apiKey.id, organizationId), 'v1', folderId] as const,
      async (signal) =>
        (await call(getFoldersV1, { organizationId, folderId }, { apiKey, signal })).data,
    ),
};
