import type { WebhookAttempt } from '#contract/webhook-deliveries';
import { Badge } from '../../components/badge';
import { formatTime } from '../../lib/format-time';

const head = 'px-2 py-1.5 text-left text-xs font-semibold text-muted';
const cell = 'px-2 py-1.5 align-top';

function statusTone(status: number | null) {
  if (status === null) return 'danger' as const;
  return status >= 200 && status < 300 ? ('success' as const) : ('danger' as const);
}

/** Every attempt of one message, oldest first, as the service recorded it. */
export function AttemptsTable({
  attempts,
  caption,
}: {
  attempts: readonly WebhookAttempt[];
  caption: string;
}) {
  if (attempts.length === 0) return <p className="text-sm text-muted">No attempt yet.</p>;
  return (
    // Focusable, so that keyboard users can scroll it where a phone cuts it off.
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[32rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={head}>
              Attempted
            </th>
            <th scope="col" className={head}>
              HTTP status
            </th>
            <th scope="col" className={head}>
              Duration
            </th>
            <th scope="col" className={head}>
              Response
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {attempts.map((attempt, index) => (
            <tr key={`${attempt.attemptedAt}-${index}`}>
              <td className={`${cell} text-xs whitespace-nowrap`}>
                <time dateTime={attempt.attemptedAt}>{formatTime(attempt.attemptedAt)}</time>
              </td>
              <td className={cell}>
                <Badge tone={statusTone(attempt.responseStatus)}>
                  {attempt.responseStatus === null ? 'No answer' : `HTTP ${attempt.responseStatus}`}
                </Badge>
              </td>
              <td className={`${cell} whitespace-nowrap tabular-nums`}>{attempt.durationMs} ms</td>
              <td className={`${cell} max-w-80`}>
                {attempt.error ? (
                  <span className="block text-xs break-words text-danger">{attempt.error}</span>
                ) : null}
                {attempt.responseBody ? (
                  <code className="block font-mono text-xs wrap-anywhere text-muted">
                    {attempt.responseBody}
                  </code>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
