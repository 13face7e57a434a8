import type { WebhookMessage } from '#contract/webhook-deliveries';
import { DetailPanel } from '../../components/detail-panel';
import { formatTime } from '../../lib/format-time';
import { AttemptsTable } from './attempts-table';
import { MessageStatus } from './message-columns';

interface MessageDetailsProps {
  message: WebhookMessage;
  onClose: () => void;
}

/** One message of the delivery log opened: every attempt as recorded, and its payload. */
export function MessageDetails({ message, onClose }: MessageDetailsProps) {
  return (
    <DetailPanel
      id={`message-${message.id}`}
      title={`Message ${message.id}`}
      badge={<MessageStatus status={message.status} />}
      summary={
        <>
          <p className="text-xs text-muted">
            <code className="font-mono">{message.eventType}</code> · created{' '}
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
        </>
      }
      onClose={onClose}
    >
      <AttemptsTable attempts={message.attempts} caption={`Attempts of message ${message.id}`} />
      <details className="text-sm">
        <summary className="cursor-pointer text-muted hover:text-text">Payload</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs">
          {JSON.stringify(message.payload, null, 2)}
        </pre>
      </details>
    </DetailPanel>
  );
}
