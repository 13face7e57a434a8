import type { WebhookMessage } from '#contract/webhook-deliveries';
import { Badge, type BadgeTone } from '../../components/badge';
import type { Column } from '../../components/data-table/column';
import { IdText } from '../../components/id-text';
import { formatTime } from '../../lib/format-time';

const tones: Record<WebhookMessage['status'], BadgeTone> = {
  pending: 'accent',
  delivered: 'success',
  failed: 'danger',
};

export const statusLabels: Record<WebhookMessage['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export function MessageStatus({ status }: { status: WebhookMessage['status'] }) {
  return (
    <Badge tone={tones[status]} data-testid="message-status">
      {statusLabels[status]}
    </Badge>
  );
}

function lastAnswer(message: WebhookMessage): string {
  const last = message.attempts.at(-1);
  if (!last) return 'No attempt yet';
  const answer = last.responseStatus === null ? 'no answer' : `HTTP ${last.responseStatus}`;
  const count = message.attempts.length;
  return `${count} ${count === 1 ? 'attempt' : 'attempts'}, last ${answer}`;
}

/** The delivery log's columns: a row opens the message's attempts and payload. */
export const messageColumns: Column<WebhookMessage>[] = [
  {
    id: 'status',
    header: 'Status',
    width: '7rem',
    cell: (message) => <MessageStatus status={message.status} />,
  },
  {
    id: 'eventType',
    header: 'Event type',
    width: 'minmax(9rem, 1fr)',
    cell: (message) => (
      <>
        <code className="font-mono text-sm font-medium">{message.eventType}</code>
        {message.channel ? (
          <span className="block text-xs text-muted">channel {message.channel}</span>
        ) : null}
      </>
    ),
  },
  {
    id: 'id',
    header: 'Message',
    width: 'minmax(12rem, 1.5fr)',
    cell: (message) => (
      <>
        <IdText value={message.id} label="message ID" className="text-xs" />
        <time dateTime={message.createdAt} className="text-xs text-muted">
          {formatTime(message.createdAt)}
        </time>
      </>
    ),
  },
  {
    id: 'attempts',
    header: 'Attempts',
    width: 'minmax(10rem, 1fr)',
    cell: (message) => (
      <>
        <span className="block">{lastAnswer(message)}</span>
        {message.failureReason ? (
          <span className="block text-xs text-danger">{message.failureReason}</span>
        ) : null}
      </>
    ),
  },
  {
    id: 'nextAttemptAt',
    header: 'Next attempt',
    width: '10rem',
    cell: (message) =>
      message.nextAttemptAt ? (
        <time dateTime={message.nextAttemptAt} className="text-xs">
          {formatTime(message.nextAttemptAt)}
        </time>
      ) : (
        <span className="text-xs text-muted">None</span>
      ),
  },
];
