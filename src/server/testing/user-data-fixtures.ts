import type { Reply, ReplyBody } from '#contract/client';
import { getAllUserData, type UserData } from '#contract/user-data';
import type { WorkspaceFixture } from './fixtures';

export type ExportReply = Reply<ReplyBody<typeof getAllUserData>>;

/** Get All User Data as the fixture's API key, through the contract's client: the raw reply. */
export const exportOf =
  (fx: WorkspaceFixture) =>
  (data: unknown): Promise<ExportReply> =>
    fx.send(getAllUserData, data);

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
