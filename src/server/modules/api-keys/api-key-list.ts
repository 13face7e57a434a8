import { z } from 'zod';
import {
  MAX_API_KEYS_PAGE,
  type getApiKeysRequest,
  type updateApiKeyRequest,
} from '#contract/api-keys';
import type { Answer } from '#contract/endpoint';
import type { ApiKeyEntry } from '#contract/workspace';
import type { AuditNote } from '../../audit/audit-note';
import { keysetPage, rowsToFetch } from '../../db/keyset';
import { PageTokens } from '../../http/page-token';
import { ServiceError } from '../../http/service-error';
import type { Services } from '../../services';
import { apiKeyPageStatement, renameApiKey } from './store';

/** Get API Keys: the workspace's keys, oldest first, keyset-paged and filtered by id. */
export function apiKeyPages(s: Services) {
  const tokens = new PageTokens(s.secrets, {
    name: 'api-keys',
    field: 'data.pageToken',
    position: z.tuple([z.string(), z.string()]),
    prefix: 'akp_',
  });
  return async (
    workspaceId: string,
    input: z.output<typeof getApiKeysRequest>,
  ): Promise<Answer<ApiKeyEntry[]>> => {
    const query = { workspaceId, apiKeys: input.apiKeys ?? null };
    const after = tokens.decode(query, input.pageToken);
    const limit = input.pageSize ?? MAX_API_KEYS_PAGE;
    const found = await apiKeyPageStatement(s.db, {
      workspaceId,
      ids: input.apiKeys,
      after,
      limit: rowsToFetch(limit),
    });
    const page = keysetPage(found, limit);
    const last = page.rows.at(-1);
    return {
      data: page.rows.map(({ id, apiKeyName, type }) => ({ id, apiKeyName, type })),
      message: 'API keys retrieved successfully.',
      pageToken: page.more && last ? tokens.encode(query, [last.createdAt, last.id]) : null,
    };
  };
}

/** Update API Key: renames a key of the workspace, as the hosted product's console does. */
export async function updateApiKey(
  s: Services,
  workspaceId: string,
  input: z.output<typeof updateApiKeyRequest>,
  note: AuditNote,
): Promise<null> {
  const renamed = await renameApiKey(s.db, workspaceId, input.apiKey, input.apiKeyName);
  if (!renamed) throw new ServiceError('NOT_FOUND', 'API key not found.');
  note.target({ apiKeyId: input.apiKey });
  note.changes({ apiKeyName: { from: renamed.from, to: input.apiKeyName } });
  // Get Workspace lists the keys with their names.
  s.cache?.workspaceView.delete(workspaceId);
  return null;
}
