import { useInfiniteQuery } from '@tanstack/react-query';
import { Button } from '../../components/button';
import { Skeleton } from '../../components/skeleton';
import { MessageItem } from './message-item';
import { webhookQueries } from './queries';
import { QueryError } from './query-error';
import { useResendMessage } from './use-resend-message';

/** The endpoint's messages, newest first; it refreshes itself while any is still pending. */
export function DeliveryLog({ apiKeyId, endpointId }: { apiKeyId: string; endpointId: string }) {
  const log = useInfiniteQuery(webhookQueries.messages(apiKeyId, endpointId));
  const resending = useResendMessage(apiKeyId, endpointId);

  if (log.isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        <p role="status" className="sr-only">
          Loading the delivery log…
        </p>
        <Skeleton className="h-20 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (log.isError) return <QueryError error={log.error} onRetry={() => void log.refetch()} />;

  const messages = log.data.pages.flatMap((page) => page.messages);
  const pending = messages.filter((message) => message.status === 'pending').length;

  return (
    <div className="space-y-3">
      <p role="status" className="text-sm text-muted">
        {pending > 0
          ? `${pending} ${pending === 1 ? 'message is' : 'messages are'} on the way; this log refreshes by itself.`
          : `${messages.length} ${messages.length === 1 ? 'message' : 'messages'} shown.`}
      </p>
      {messages.length === 0 ? (
        <div className="rounded-md border border-dashed border-border p-6 text-center">
          <p className="font-medium">No deliveries yet</p>
          <p className="mt-1 text-sm text-muted">
            Send a test event, or wait for an event this endpoint subscribes to.
          </p>
        </div>
      ) : (
        <ul
          aria-label="Messages"
          className="divide-y divide-border rounded-md border border-border"
        >
          {messages.map((message) => (
            <li key={message.id}>
              <MessageItem
                message={message}
                resending={resending.isPending && resending.variables === message.id}
                onResend={() => resending.mutate(message.id)}
              />
            </li>
          ))}
        </ul>
      )}
      {log.hasNextPage ? (
        <Button
          variant="secondary"
          size="sm"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? 'Loading…' : 'Load older messages'}
        </Button>
      ) : null}
    </div>
  );
}
