import { sql } from 'drizzle-orm';
import type { User } from '#contract/common';
import type { Notification } from '#contract/notifications';

/**
 * A stored notification as the reads select it. Get Notifications and the user-data export both
 * read notifications; the columns and the wire shape live here so that the two always agree.
 */
export interface NotificationRow {
  notificationId: string;
  documentId: string;
  locationId: string | null;
  actionUser: User;
  headlineTemplate: string;
  headlineTemplateData: Record<string, unknown> | null;
  bodyMessage: string;
  notifyUsers: User[];
  notifyAll: boolean;
  source: string;
  sourceData: Record<string, unknown> | null;
  timestampMs: number;
}

/** The select list of a `NotificationRow`, over `notifications n`. */
export const notificationColumns = sql`n.notification_id as "notificationId",
  n.document_id as "documentId", n.location_id as "locationId", n.action_user as "actionUser",
  n.headline_template as "headlineTemplate", n.headline_template_data as "headlineTemplateData",
  n.body_message as "bodyMessage", n.notify_users as "notifyUsers", n.notify_all as "notifyAll",
  n.source, n.source_data as "sourceData", n.timestamp_ms::float8 as "timestampMs"`;

/** A notification as Get Notifications answers it; what the caller did not give stays absent. */
export function notificationOf(
  apiKeyId: string,
  organizationId: string,
  row: NotificationRow,
): Notification {
  return {
    id: row.notificationId,
    notificationSource: row.source,
    ...(row.sourceData === null ? {} : { notificationSourceData: row.sourceData }),
    actionUser: row.actionUser,
    displayHeadlineMessageTemplate: row.headlineTemplate,
    ...(row.headlineTemplateData === null
      ? {}
      : { displayHeadlineMessageTemplateData: row.headlineTemplateData }),
    displayBodyMessage: row.bodyMessage,
    metadata: {
      apiKey: apiKeyId,
      documentId: row.documentId,
      organizationId,
      ...(row.locationId === null ? {} : { locationId: row.locationId }),
    },
    notifyUsers: row.notifyUsers,
    notifyAll: row.notifyAll,
    timestamp: row.timestampMs,
  };
}
