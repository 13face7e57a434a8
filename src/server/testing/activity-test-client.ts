import {
  type Activity,
  addActivityLogs,
  addCommentAnnotations,
  getActivityLogs,
  updateActivityLogs,
} from '#contract/activities';
import type { Reply } from './test-service';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';

interface Poster {
  post<T>(path: string, data?: unknown, headers?: Record<string, string>): Promise<Reply<T>>;
}

export const activityPaths = {
  add: addActivityLogs.path,
  get: getActivityLogs.path,
  update: updateActivityLogs.path,
  addReactions: addReactions.path,
  addRecordings: addRecordings.path,
  addComments: addCommentAnnotations.path,
} as const;

export interface Envelope<D> {
  result: { status: string; message: string; data: D; nextPageToken?: string | null };
}
export type ItemResults = Record<string, { success: boolean; id?: string; message: string }>;

/** The activities area's calls under one API key's headers. */
export function activitiesOf(svc: Poster, headers: Record<string, string>) {
  const post = <T>(path: string, data: unknown) => svc.post<T>(path, data, headers);
  return {
    add: (data: unknown) => post<Envelope<ItemResults>>(activityPaths.add, data),
    get: (data: unknown) => post<Envelope<Activity[]>>(activityPaths.get, data),
    update: (data: unknown) => post<Envelope<ItemResults>>(activityPaths.update, data),
    addReactions: (data: unknown) => post<Envelope<ItemResults>>(activityPaths.addReactions, data),
    addRecordings: (data: unknown) =>
      post<Envelope<ItemResults>>(activityPaths.addRecordings, data),
    addComments: (data: unknown) => post<Envelope<ItemResults>>(activityPaths.addComments, data),
    /** Every activity of the organization, oldest first, read in one page. */
    async all(organizationId: string): Promise<Activity[]> {
      const res = await post<Envelope<Activity[]>>(activityPaths.get, {
        organizationId,
        order: 'asc',
      });
      return res.body.result.data;
    },
  };
}

/** A clock that never answers the same millisecond twice: each call's rows sort after the last. */
export function strictlyIncreasingClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}
