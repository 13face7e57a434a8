import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { WebhookServiceTarget } from '#contract/webhook-service';
import { DataTable } from '../../components/data-table/data-table';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { Tabs } from '../../components/tabs';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { messageColumns } from './message-columns';
import { MessageDetails } from './message-details';
import { webhookQueries } from './queries';

const targets = [
  { id: 'raw', label: 'Raw URL (events)' },
  { id: 'processed', label: 'Processed URL (notifications)' },
] as const;

/**
 * Every delivery of the service to one of its URLs, newest first, with its attempts: the advanced
 * delivery log's columns and details. It refreshes itself while a delivery is on its way.
 */
export function ServiceDeliveryLog({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const [target, setTarget] = useState<WebhookServiceTarget>('raw');
  const log = useInfiniteQuery(webhookQueries.serviceDeliveries(apiKey, target));
  const messages = useMemo(() => pagedItems(log.data), [log.data]);
  const [openId, setOpenId] = useState<string>();
  const open = openId ? messages.find((message) => message.id === openId) : undefined;
  return (
    <Tabs
      label="Delivery log of"
      idPrefix="service-deliveries"
      tabs={targets}
      selected={target}
      onSelect={(id) => {
        setTarget(id);
        setOpenId(undefined);
      }}
    >
      <div className="space-y-3 pt-3">
        <DataTable
          label="Deliveries"
          columns={messageColumns}
          rows={messages}
          rowKey={(message) => message.id}
          onOpen={(message) => setOpenId(message.id)}
          currentKey={open?.id}
          status={tableStatus(log)}
          empty={
            <EmptyState title="No deliveries yet">
              {target === 'raw'
                ? 'Send a test event, or wait for an event whose trigger is on.'
                : 'Notifications created with Add Notifications arrive here.'}
            </EmptyState>
          }
          noun={['delivery', 'deliveries']}
          minWidth="52rem"
          estimateRowHeight={60}
        />
        {open ? <MessageDetails message={open} onClose={() => setOpenId(undefined)} /> : null}
      </div>
    </Tabs>
  );
}
