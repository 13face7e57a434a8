import type { SentEmail } from '#contract/email-service';
import type { Column } from '#console/components/data-table/column';
import { formatTime } from '#console/lib/format-time';

const statusLabels: Record<SentEmail['status'], string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
};

export const sentEmailColumns: Column<SentEmail>[] = [
  {
    id: 'to',
    header: 'To',
    width: 'minmax(12rem, 1.5fr)',
    cell: (mail) => <span className="break-all">{mail.to}</span>,
  },
  {
    id: 'subject',
    header: 'Subject',
    width: 'minmax(14rem, 2fr)',
    cell: (mail) => mail.subject,
  },
  {
    id: 'trigger',
    header: 'Trigger',
    width: '11rem',
    cell: (mail) => <code className="text-xs">{mail.trigger}</code>,
  },
  {
    id: 'status',
    header: 'Status',
    width: 'minmax(8rem, 1fr)',
    cell: (mail) => (
      <span title={mail.lastError ?? undefined}>
        {statusLabels[mail.status]}
        {mail.attempts > 1 ? ` (${mail.attempts} attempts)` : ''}
        {mail.lastError && mail.status !== 'sent' ? `: ${mail.lastError}` : ''}
      </span>
    ),
  },
  {
    id: 'createdAt',
    header: 'Queued',
    width: '12rem',
    cell: (mail) => (
      <time dateTime={mail.createdAt} className="text-xs">
        {formatTime(mail.createdAt)}
      </time>
    ),
  },
];
