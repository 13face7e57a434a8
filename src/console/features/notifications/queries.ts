import {
  type GetNotificationsRequest,
  MAX_NOTIFICATION_FILTER_IDS,
  getNotifications,
} from '#contract/notifications';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { idsFromText } from '../../lib/id-search';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';
import type { NotificationsSearch } from './notifications-search';

/** Notifications per page of the table; it asks for more as it scrolls. */
export const NOTIFICATIONS_PAGE = 100;

/** The filters Get Notifications and Delete Notifications share. */
export interface NotificationFilters {
  organizationId: string;
  documentId?: string | undefined;
  locationId?: string | undefined;
  userId?: string | undefined;
  notificationIds?: string[] | undefined;
}

/** The filters of the address as a request, or why its IDs cannot be searched. */
export function notificationsFilter(
  organizationId: string,
  search: NotificationsSearch,
): { filter: NotificationFilters; problem?: string | undefined } {
  const { ids, problem } = idsFromText(search.ids, MAX_NOTIFICATION_FILTER_IDS);
  return {
    filter: {
      organizationId,
      documentId: search.document,
      locationId: search.location,
      userId: search.user,
      notificationIds: ids,
    },
    problem,
  };
}

/** The request's filters without the ones not given (the contract refuses empty IDs). */
export function filterFields(filter: NotificationFilters): GetNotificationsRequest {
  return Object.fromEntries(
    Object.entries(filter).filter(([, value]) => value !== undefined),
  ) as GetNotificationsRequest;
}

/**
 * Query keys of the notifications area, generic to specific. Each query calls with the key it is
 * keyed by: switching keys can never show one key's notifications as another's.
 */
export const notificationQueries = {
  all: () => ['notifications'] as const,
  one: (apiKeyId: string) => [...notificationQueries.all(), apiKeyId] as const,
  /** The notifications the filters select, newest (or oldest) first, page by page. */
  list: (apiKey: ApiKeyCredentials, filter: NotificationFilters, order: 'asc' | 'desc') =>
    pagedQueryOptions({
      queryKey: [...notificationQueries.one(apiKey.id), 'list', filter, order] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            getNotifications,
            {
              ...filterFields(filter),
              order,
              pageSize: NOTIFICATIONS_PAGE,
              ...pageParam('pageToken', token),
            },
            { apiKey, signal },
          ),
        ),
    }),
};
