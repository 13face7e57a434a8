import type { WebhookMessage } from '../../../contract/webhook-deliveries';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { AttemptsTable } from './attempts-table';
import { formatTime } from './format-time';

const tones: Record<WebhookMessage['status'], BadgeTone> = {
  pending: 'accent',
  delivered: 'success',
  failed: 'danger',
};

const statusLabels: Record<WebhookMessage['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

interface MessageItemProps {
  message: WebhookMessage;
  onResend: () => void;
  resending: boolean;
}

/** One message of the delivery log: its status, its attempts, and its payload on demand. */
export function MessageItem({ message, onResend, resending }: MessageItemProps) {
  const title = `${message.eventType} message ${message.id}`;
  return (
    <article aria-label={title} className="space-y-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge tone={tones[message.status]} data-testid="message-status">
              {statusLabels[message.status]}
            </Badge>
            <code className="font-mono text-sm font-medium">{message.eventType}</code>
            {message.channel ? (
              <span className="text-xs text-muted">channel {message.channel}</span>
            ) : null}
          </div>
          <p className="text-xs break-all text-muted">
            <code className="font-mono">{message.id}</code> · created{' '}
            <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
            {message.nextAttemptAt ? (
              <>
                {' '}
                · next attempt{' '}
                <time dateTime={message.nextAttemptAt}>{formatTime(message.nextAttemptAt)}</time>
              </>
            ) : null}
          </p>
          {message.failureReason ? (
            <p className="text-sm text-danger">{message.failureReason}</p>
          ) : null}
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={resending}
          aria-label={`Resend message ${message.id}`}
          onClick={onResend}
        >
          {resending ? 'Resending…' : 'Resend'}
        </Button>
      </div>
      <AttemptsTable attempts={message.attempts} caption={`Attempts of message ${message.id}`} />
      <details className="text-sm">
        <summary className="cursor-pointer text-muted hover:text-text">Payload</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs">
          {JSON.stringify(message.payload, null, 2)}
        </pre>
      </details>
    </article>
  );
}
