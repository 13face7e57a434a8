import { getDocuments } from '#contract/documents';
import { getFolders } from '#contract/folders';
import { call } from './api';
import type { ApiKeyCredentials } from './api-key';
import type { NamedThings } from './named-things';

/** Organizations asked at once: the first (the one last chosen) alone is the usual answer. */
const AT_ONCE = 5;

/**
 * Whether the organization has everything named. Both reads answer a list, empty when the
 * organization lacks it (Get Folders' `folderIds`, Get Documents' `documentIds`): a miss is no
 * failed request.
 */
async function holds(
  apiKey: ApiKeyCredentials,
  organizationId: string,
  named: NamedThings,
  signal: AbortSignal,
): Promise<boolean> {
  const options = { apiKey, signal };
  const { folderId, documentId } = named;
  const found = await Promise.all([
    folderId === undefined
      ? true
      : call(getFolders, { organizationId, folderIds: [folderId] }, options).then(
          (answer) => answer.data.length > 0,
        ),
    documentId === undefined
      ? true
      : call(
          getDocuments,
          { organizationId, documentIds: [documentId], pageSize: 1 },
          options,
        ).then((answer) => answer.data.length > 0),
  ]);
  return found.every(Boolean);
}

/**
 * The first of the candidates that has everything named, asked a few at a time, in order; null
 * when none has.
 */
export async function firstHolding(
  apiKey: ApiKeyCredentials,
  named: NamedThings,
  candidates: readonly string[],
  signal: AbortSignal,
): Promise<string | null> {
  for (let start = 0; start < candidates.length; start += AT_ONCE) {
    const batch = candidates.slice(start, start + AT_ONCE);
    const held = await Promise.all(
      batch.map((organizationId) => holds(apiKey, organizationId, named, signal)),
    );
    const index = held.indexOf(true);
    if (index >= 0) return batch[index] ?? null;
  }
  return null;
}
