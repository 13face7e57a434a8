import { buttonClasses } from '../../components/button';
import { Card } from '../../components/card';
import type { OutboxMessage } from './queries';

export function OutboxMessageCard({ message }: { message: OutboxMessage }) {
  return (
    <Card className="space-y-3">
      <div>
        <h2 className="font-semibold break-words">{message.subject}</h2>
        <p className="mt-0.5 text-sm text-muted">
          To <span className="wrap-anywhere text-text">{message.to}</span> ·{' '}
          <time dateTime={message.sentAt}>{new Date(message.sentAt).toLocaleString()}</time>
        </p>
      </div>
      {message.link ? (
        <a href={message.link} className={buttonClasses('primary', 'sm')}>
          Open the sign-in link
        </a>
      ) : null}
      <details className="text-sm">
        <summary className="cursor-pointer text-muted">Message text</summary>
        <pre className="mt-2 font-mono text-xs break-all whitespace-pre-wrap">{message.text}</pre>
      </details>
    </Card>
  );
}
