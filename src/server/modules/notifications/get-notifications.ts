import { z } from 'zod';
import type { Answer } from '#contract/endpoint';
import {
  DEFAULT_NOTIFICATIONS_PAGE_SIZE,
  type Notification,
  type getNotificationsRequest,
} from '#contract/notifications';
import { keysetPage } from '../../db/keyset';
import { notificationOf } from '../../rows/notification-rows';
import { organizationExists } from '../../rows/organization-store';
import { PageTokens } from '../../http/page-token';
import { unknownOrganization } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { readNotificationsPage } from './store';

type GetInput = z.output<typeof getNotificationsRequest>;

const notificationTokens = (s: Services) =>
  new PageTokens(s.secrets, {
    name: 'notifications',
    field: 'data.pageToken',
    position: z.object({ at: z.number(), id: z.string() }),
    prefix: 'npt_',
  });

/**
 * Get Notifications: the organization's notifications, narrowed by document, location, a user's
 * inbox and named ids (all that are given must hold), newest first unless `order: 'asc'`,
 * keyset-paged by (timestamp, id). The token binds the key, the organization, every filter and
 * the order, not the page size. An empty page asks whether the organization exists
 * (INVALID_ARGUMENT otherwise, as the other data areas answer).
 */
export async function getNotifications(
  s: Services,
  apiKeyId: string,
  input: GetInput,
): Promise<Answer<Notification[]>> {
  const { organizationId } = input;
  const order = input.order ?? 'desc';
  const limit = input.pageSize ?? DEFAULT_NOTIFICATIONS_PAGE_SIZE;
  const filters = {
    apiKeyId,
    organizationId,
    documentId: input.documentId,
    locationId: input.locationId,
    userId: input.userId,
    notificationIds: input.notificationIds ? [...new Set(input.notificationIds)].sort() : undefined,
  };
  const tokens = notificationTokens(s);
  const query = { ...filters, notificationIds: filters.notificationIds ?? null, order };
  const after = tokens.decode(query, input.pageToken);
  const found = await readNotificationsPage(s.db, { ...filters, order, after, limit });
  if (found.length === 0 && !(await organizationExists(s.db, apiKeyId, organizationId))) {
    throw unknownOrganization(organizationId);
  }
  const { rows, more } = keysetPage(found, limit);
  const last = rows.at(-1);
  return {
    data: rows.map((row) => notificationOf(apiKeyId, organizationId, row)),
    message: 'Notification(s) retrieved successfully.',
    pageToken:
      more && last ? tokens.encode(query, { at: last.timestampMs, id: last.notificationId }) : null,
  };
}
