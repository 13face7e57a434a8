import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { resendAdvancedWebhookMessage, type WebhookMessage } from '#contract/webhook-deliveries';
import { Button } from '../../components/button';
import { DataTable } from '../../components/data-table/data-table';
import { FilterSelect } from '../../components/data-table/filter-select';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { useAllPages } from '../../lib/use-all-pages';
import { useListSearch } from '../../lib/use-list-search';
import type { MessagesSearch } from './endpoints-search';
import { messageColumns, statusLabels } from './message-columns';
import { MessageDetails } from './message-details';
import { webhookQueries } from './queries';
import { useResendMessage } from './use-resend-message';

interface DeliveryLogProps {
  apiKey: ApiKeyCredentials;
  endpointId: string;
  search: MessagesSearch;
}

const statusOptions = (['pending', 'delivered', 'failed'] as const).map((value) => ({
  value,
  label: statusLabels[value],
}));

function onTheWay(messages: readonly WebhookMessage[]): string {
  const pending = messages.filter((message) => message.status === 'pending').length;
  if (pending === 0) return 'Every message shown has settled.';
  return `${pending} ${pending === 1 ? 'message is' : 'messages are'} on the way; this log refreshes by itself.`;
}

/**
 * The endpoint's messages, newest first, as a table: a row opens its attempts and payload, Resend
 * queues it again. It refreshes itself while any message is still pending.
 */
export function DeliveryLog({ apiKey, endpointId, search }: DeliveryLogProps) {
  const log = useInfiniteQuery(webhookQueries.messages(apiKey, endpointId));
  const resending = useResendMessage(apiKey, endpointId);
  const list = useListSearch(search);
  // The service does not filter messages by status: the filter reads the whole log.
  useAllPages(log, search.status !== undefined);
  const messages = useMemo(() => pagedItems(log.data), [log.data]);
  const rows = useMemo(
    () => messages.filter((message) => !search.status || message.status === search.status),
    [messages, search.status],
  );
  const open = search.message
    ? messages.find((message) => message.id === search.message)
    : undefined;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <FilterSelect
          label="Status"
          value={search.status}
          options={statusOptions}
          onChange={(status) => list.set({ status })}
        />
        {log.data ? (
          <p role="status" className="text-sm text-muted">
            {onTheWay(messages)}
          </p>
        ) : null}
      </div>
      <DataTable
        label="Messages"
        columns={messageColumns}
        rows={rows}
        rowKey={(message) => message.id}
        onOpen={(message) => list.set({ message: message.id })}
        currentKey={open?.id}
        actions={{
          header: 'Actions',
          items: [
            {
              label: 'Resend',
              name: (message) => `Resend message ${message.id}`,
              endpoint: resendAdvancedWebhookMessage,
              run: (message) => resending.mutate(message.id),
              running: (message) =>
                resending.isPending && resending.variables === message.id
                  ? 'Resending…'
                  : undefined,
            },
          ],
        }}
        status={tableStatus(log)}
        empty={
          search.status ? (
            <EmptyState
              title={`No ${statusLabels[search.status].toLowerCase()} message loaded`}
              action={
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => list.set({ status: undefined })}
                >
                  Show every message
                </Button>
              }
            />
          ) : (
            <EmptyState title="No deliveries yet">
              Send a test event, or wait for an event this endpoint subscribes to.
            </EmptyState>
          )
        }
        noun={['message', 'messages']}
        minWidth="52rem"
        estimateRowHeight={60}
      />
      {open ? (
        <MessageDetails message={open} onClose={() => list.set({ message: undefined })} />
      ) : null}
    </div>
  );
}
