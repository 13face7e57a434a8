import type { Answer } from '#contract/endpoint';
import { type UserData, getAllUserData } from '#contract/user-data';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pageParam } from '../../lib/paged-query';
import { type ExportFormat, exportFile } from './export-file';
import { type ExportProgress, afterPage, exportStart } from './export-progress';

export interface ExportRequest {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  userId: string;
  format: ExportFormat;
  signal: AbortSignal;
  onProgress: (progress: ExportProgress) => void;
}

/**
 * Reads every page of Get All User Data, one after the other (each token comes with the page
 * before), adding each to the file as it comes; answers the file's parts and the last progress.
 * Aborting the signal stops the request in flight and rejects with its AbortError.
 */
export async function runExport({
  apiKey,
  organizationId,
  userId,
  format,
  signal,
  onProgress,
}: ExportRequest): Promise<{ parts: string[]; progress: ExportProgress }> {
  const file = exportFile(format, { organizationId, userId, exportedAt: new Date().toISOString() });
  let progress = exportStart;
  let token: string | null = null;
  do {
    const answer: Answer<UserData> = await call(
      getAllUserData,
      { organizationId, userId, ...pageParam('pageToken', token) },
      { apiKey, signal },
    );
    file.add(answer.data);
    const next: string | null = answer.pageToken ?? null;
    // A server that answers the token it was given would never end.
    token = next !== null && next !== token ? next : null;
    progress = afterPage(progress, answer.data, token);
    onProgress(progress);
  } while (token !== null);
  return { parts: file.parts(), progress };
}
