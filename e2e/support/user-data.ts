import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download } from '@playwright/test';
import { type Answer, apiKeyCredentials, post } from './service';
import type { Credentials } from './webhooks';
import { type UserData, getAllUserData } from '#contract/user-data';
import { addReactions } from '#contract/reactions';
import { getUsers } from '#contract/users';

/** Get All User Data's lists, every page joined. */
export interface UserDataLists {
  comments: Record<string, unknown>[];
  reactions: Record<string, unknown>[];
  recordings: Record<string, unknown>[];
  notifications: Record<string, unknown>[];
}

export const features = ['comments', 'reactions', 'recordings', 'notifications'] as const;

/** What the service holds of a user in an organization, read page by page through the API. */
export async function storedUserData(
  request: APIRequestContext,
  credentials: Credentials,
  organizationId: string,
  userId: string,
): Promise<UserDataLists> {
  const all: UserDataLists = { comments: [], reactions: [], recordings: [], notifications: [] };
  let pageToken: string | null = null;
  do {
    const answer: Answer<UserData> = await post(
      request,
      getAllUserData,
      { organizationId, userId, ...(pageToken ? { pageToken } : {}) },
      apiKeyCredentials(credentials.apiKey, credentials.token),
    );
    for (const feature of features) all[feature].push(...answer.data[feature]);
    pageToken = answer.pageToken ?? null;
  } while (pageToken);
  return all;
}

/** Reactions of a user on a document (no comment thread), numbered from 1, in one call. */
export async function addDocumentReactions(
  request: APIRequestContext,
  credentials: Credentials,
  target: { organizationId: string; documentId: string },
  from: { userId: string; name: string; email: string },
  count: number,
): Promise<void> {
  const answer = await post(
    request,
    addReactions,
    {
      ...target,
      reactions: Array.from({ length: count }, (_, i) => ({
        reactionId: `e2e-reaction-${i + 1}`,
        icon: '👍',
        from,
      })),
    },
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  if (answer.httpStatus !== 200) throw new Error(`Add Reactions: ${answer.message}`);
}

/** The user IDs Get Users answers for an organization. */
export async function storedUserIds(
  request: APIRequestContext,
  credentials: Credentials,
  organizationId: string,
): Promise<string[]> {
  const answer = await post(
    request,
    getUsers,
    { organizationId },
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  return (answer.data as { userId: string }[]).map((user) => user.userId);
}

/** A downloaded file's text. */
export async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}
