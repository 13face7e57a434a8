import { getAllUserData, type UserData } from '#contract/user-data';
import type { WorkspaceFixture } from './fixtures';
import type { Reply, TestService } from './test-service';

export const exportPath = getAllUserData.path;

export type ExportReply = Reply<{
  result: { status: string; message: string; data: UserData; nextPageToken: string | null };
  error?: { status: string; message: string; code?: number };
}>;

/** Get All User Data under one API key's headers, answering the raw reply. */
export const exportOf =
  (svc: TestService, fx: WorkspaceFixture) =>
  (data: unknown): Promise<ExportReply> =>
    svc.post(exportPath, data, fx.apiKeyHeaders);

/**
 * Every page of one user's export, from the first to the one whose token is null: the pages'
 * items feature by feature, and how many pages it took.
 */
export async function walkExport(
  call: (data: unknown) => Promise<ExportReply>,
  organizationId: string,
  userId: string,
): Promise<{ all: UserData; pages: number }> {
  const all: UserData = { comments: [], reactions: [], recordings: [], notifications: [] };
  let pageToken: string | undefined;
  let pages = 0;
  for (;;) {
    const res = await call({ organizationId, userId, ...(pageToken ? { pageToken } : {}) });
    if (res.status !== 200) throw new Error(`page ${pages}: ${JSON.stringify(res.body)}`);
    pages += 1;
    const { data, nextPageToken } = res.body.result;
    for (const feature of ['comments', 'reactions', 'recordings', 'notifications'] as const) {
      if (data[feature].length > 100) throw new Error(`${feature}: over 100 on a page`);
      all[feature].push(...data[feature]);
    }
    if (nextPageToken === null) return { all, pages };
    pageToken = nextPageToken;
  }
}
