import type { Activity } from '#contract/activities';
import { Badge } from '../../components/badge';
import type { Column } from '../../components/data-table/column';
import { IdText } from '../../components/id-text';
import { TemplateText } from '../../components/template-text';
import { formatTime } from '../../lib/format-time';

/** The message's variables: the stored data, with the acting user when it does not name one. */
export const messageData = (activity: Activity) => ({
  actionUser: activity.actionUser,
  ...activity.displayMessageTemplateData,
});

/** The activity logs table's columns: the message as the product shows it, then what and who. */
export const activityColumns: Column<Activity>[] = [
  {
    id: 'message',
    header: 'Activity',
    width: 'minmax(14rem, 3fr)',
    cell: (activity) => (
      <span className="min-w-0 py-1 text-sm">
        {activity.displayMessageTemplate ? (
          <TemplateText template={activity.displayMessageTemplate} data={messageData(activity)} />
        ) : (
          <span className="text-muted">No message</span>
        )}
      </span>
    ),
  },
  {
    id: 'type',
    header: 'Feature / action',
    width: 'minmax(10rem, 1.2fr)',
    cell: (activity) => (
      <span className="flex min-w-0 flex-wrap gap-1">
        <Badge>{activity.featureType}</Badge>
        <Badge tone="accent">{activity.actionType}</Badge>
      </span>
    ),
  },
  {
    id: 'user',
    header: 'User',
    width: 'minmax(8rem, 1fr)',
    cell: (activity) =>
      activity.actionUser.name ? (
        <span className="block truncate text-sm" title={activity.actionUser.userId}>
          {activity.actionUser.name}
        </span>
      ) : (
        <IdText value={activity.actionUser.userId} label="user ID" className="text-sm" />
      ),
  },
  {
    id: 'document',
    header: 'Document',
    width: 'minmax(8rem, 1fr)',
    cell: (activity) =>
      activity.documentId ? (
        <IdText value={activity.documentId} label="document ID" className="text-xs" />
      ) : null,
  },
  {
    id: 'timestamp',
    header: 'When',
    width: '11rem',
    cell: (activity) => <span className="text-sm">{formatTime(activity.timestamp)}</span>,
  },
];
