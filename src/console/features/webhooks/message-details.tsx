import { useEffect, useRef } from 'react';
import type { WebhookMessage } from '../../../contract/webhook-deliveries';
import { Button } from '../../components/button';
import { formatTime } from '../../lib/format-time';
import { AttemptsTable } from './attempts-table';
import { MessageStatus } from './message-columns';

interface MessageDetailsProps {
  message: WebhookMessage;
  onClose: () => void;
}

/** One message of the delivery log opened: every attempt as recorded, and its payload. */
export function MessageDetails({ message, onClose }: MessageDetailsProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = `message-${message.id}`;
  // Opened from the table by keyboard: reading continues here.
  useEffect(() => heading.current?.focus(), [message.id]);

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-md border border-border bg-surface p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3
            ref={heading}
            id={headingId}
            tabIndex={-1}
            className="flex flex-wrap items-center gap-2 text-sm font-semibold outline-none"
          >
            <span className="break-all">Message {message.id}</span>
            <MessageStatus status={message.status} />
          </h3>
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
        </div>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
      <AttemptsTable attempts={message.attempts} caption={`Attempts of message ${message.id}`} />
      <details className="text-sm">
        <summary className="cursor-pointer text-muted hover:text-text">Payload</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs">
          {JSON.stringify(message.payload, null, 2)}
        </pre>
      </details>
    </section>
  );
}
