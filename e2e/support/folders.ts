import type { APIRequestContext } from '@playwright/test';
import { apiKeyCredentials, post } from './service';
import type { Credentials } from './webhooks';
import { addFolder, getFolders } from '#contract/folders';

export interface StoredFolder {
  folderId: string;
  parentFolderId: string;
  folderName: string;
  ancestors: string[];
}

/** One folder as Get Folders v2 answers it. */
export async function storedFolder(
  request: APIRequestContext,
  credentials: Credentials,
  organizationId: string,
  folderId: string,
): Promise<StoredFolder | undefined> {
  const answer = await post(
    request,
    getFolders,
    { organizationId, folderId },
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  return answer.data[0];
}

/**
 * A wide organization through Add Folder (1,000 per call): `tops` top-level folders `t0…`, each
 * with `perTop` children `t0-c0…`.
 */
export async function addWideTree(
  request: APIRequestContext,
  credentials: Credentials,
  organizationId: string,
  tops: number,
  perTop: number,
): Promise<void> {
  const headers = apiKeyCredentials(credentials.apiKey, credentials.token);
  const topIds = Array.from({ length: tops }, (_, t) => `t${t}`);
  const add = async (data: unknown) => {
    const answer = await post(request, addFolder, data, headers);
    if (answer.httpStatus !== 200) throw new Error(`Add Folder: ${answer.message}`);
  };
  await add({
    organizationId,
    createOrganization: true,
    folders: topIds.map((folderId) => ({ folderId, folderName: `Top ${folderId}` })),
  });
  for (const top of topIds) {
    await add({
      organizationId,
      folders: Array.from({ length: perTop }, (_, c) => ({
        folderId: `${top}-c${c}`,
        folderName: `Child ${c} of ${top}`,
        parentFolderId: top,
      })),
    });
  }
}
