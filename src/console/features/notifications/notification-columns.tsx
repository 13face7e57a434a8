import type { User } from '#contract/common';
import type { Notification } from '#contract/notifications';
import { Badge } from '../../components/badge';
import type { Column } from '../../components/data-table/column';
import { IdText } from '../../components/id-text';
import { TemplateText } from '../../components/template-text';
import { formatTime } from '../../lib/format-time';

const userName = (user: User) => user.name || user.userId;

/** Who a notification went to: the whole organization, or its users by name. */
function Recipients({ notification }: { notification: Notification }) {
  if (notification.notifyAll) return <Badge tone="accent">Everyone</Badge>;
  const names = notification.notifyUsers.map(userName);
  return (
    <span className="block truncate text-sm" title={names.join(', ')}>
      {names.length > 3 ? `${names.slice(0, 3).join(', ')} +${names.length - 3}` : names.join(', ')}
    </span>
  );
}

/** The notifications table's columns: the headline as readers see it, then where and who. */
export const notificationColumns: Column<Notification>[] = [
  {
    id: 'headline',
    header: 'Notification',
    // With each row's Delete beside them, the columns' least widths fit a 1280 px window's box.
    width: 'minmax(14rem, 3fr)',
    cell: (notification) => (
      <div className="min-w-0 py-1">
        <p className="text-sm">
          <TemplateText
            template={notification.displayHeadlineMessageTemplate}
            data={{
              actionUser: notification.actionUser,
              ...notification.displayHeadlineMessageTemplateData,
            }}
          />
        </p>
        <p className="truncate text-xs text-muted">{notification.displayBodyMessage}</p>
      </div>
    ),
  },
  {
    id: 'document',
    header: 'Document',
    width: 'minmax(9rem, 1fr)',
    cell: (notification) => (
      <>
        <IdText value={notification.metadata.documentId} label="document ID" />
        {notification.metadata.locationId ? (
          <span
            className="block truncate text-xs text-muted"
            title={notification.metadata.locationId}
          >
            at {notification.metadata.locationId}
          </span>
        ) : null}
      </>
    ),
  },
  {
    id: 'to',
    header: 'To',
    width: 'minmax(9rem, 1fr)',
    cell: (notification) => <Recipients notification={notification} />,
  },
  {
    id: 'id',
    header: 'ID',
    width: 'minmax(7rem, 1fr)',
    cell: (notification) => (
      <IdText value={notification.id} label="notification ID" className="text-xs" />
    ),
  },
  {
    id: 'timestamp',
    header: 'Sent',
    width: '11rem',
    cell: (notification) => <span className="text-sm">{formatTime(notification.timestamp)}</span>,
  },
];
