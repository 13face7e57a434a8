import { MAX_NOTIFICATION_FILTER_IDS, getNotifications } from '#contract/notifications';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { nextToken, pageOf, pageParam } from '../../lib/paged-query';
import { type NotificationFilters, filterFields } from './queries';

/** Pages read to count what a deletion would remove: at most COUNT_PAGES × COUNT_PAGE_SIZE. */
export const COUNT_PAGE_SIZE = 1000;
export const COUNT_PAGES = 5;

/** How many notifications the filters select; `capped` when the count stopped short of the end. */
export interface MatchCount {
  count: number;
  capped: boolean;
}

/**
 * Counts the notifications a Delete Notifications with these filters would remove, by reading
 * them through Get Notifications (the same filters) page by page. The service has no count, and
 * a large organization is not read whole for a number: past the cap it is "at least N".
 */
export async function countMatching(
  apiKey: ApiKeyCredentials,
  filter: NotificationFilters,
  signal?: AbortSignal,
): Promise<MatchCount> {
  const ids = filter.notificationIds;
  if (!ids) return countPages(apiKey, filter, signal);
  // Get Notifications takes fewer IDs a call than Delete Notifications: counted in groups.
  const total: MatchCount = { count: 0, capped: false };
  for (let start = 0; start < ids.length; start += MAX_NOTIFICATION_FILTER_IDS) {
    const notificationIds = ids.slice(start, start + MAX_NOTIFICATION_FILTER_IDS);
    const part = await countPages(apiKey, { ...filter, notificationIds }, signal);
    total.count += part.count;
    total.capped ||= part.capped;
  }
  return total;
}

async function countPages(
  apiKey: ApiKeyCredentials,
  filter: NotificationFilters,
  signal: AbortSignal | undefined,
): Promise<MatchCount> {
  let count = 0;
  let token: string | null = null;
  for (let page = 0; page < COUNT_PAGES; page += 1) {
    const answer = await call(
      getNotifications,
      { ...filterFields(filter), pageSize: COUNT_PAGE_SIZE, ...pageParam('pageToken', token) },
      { apiKey, ...(signal ? { signal } : {}) },
    );
    const current = pageOf.pageToken(answer);
    count += current.items.length;
    const next = nextToken(current, token);
    if (!next) return { count, capped: false };
    token = next;
  }
  return { count, capped: true };
}

/** The count in words: "3 notifications", "at least 5000 notifications". */
export function countText({ count, capped }: MatchCount): string {
  return `${capped ? 'at least ' : ''}${count} notification${count === 1 ? '' : 's'}`;
}
