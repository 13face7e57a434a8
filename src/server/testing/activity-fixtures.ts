import { type Activity, getActivityLogs } from '#contract/activities';
import type { WorkspaceFixture } from './fixtures';
import { dataOf } from './replies';

/** Every activity of the organization, oldest first, read in one page with the fixture's key. */
export async function activitiesIn(
  fx: WorkspaceFixture,
  organizationId: string,
): Promise<Activity[]> {
  return dataOf(await fx.send(getActivityLogs, { organizationId, order: 'asc' }));
}

/** A clock that never answers the same millisecond twice: each call's rows sort after the last. */
export function strictlyIncreasingClock(): () => Date {
  let last = 0;
  return () => {
    last = Math.max(Date.now(), last + 1);
    return new Date(last);
  };
}
