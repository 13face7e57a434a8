import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { FilterInput } from '../../components/data-table/filter-input';
import { FilterSelect } from '../../components/data-table/filter-select';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { useAllPages } from '../../lib/use-all-pages';
import { useListSearch } from '../../lib/use-list-search';
import { CreateEndpointDialog } from './create-endpoint-dialog';
import { endpointColumns } from './endpoint-columns';
import { endpointRows } from './endpoint-rows';
import {
  type EndpointSortField,
  type EndpointsSearch,
  defaultEndpointSort,
} from './endpoints-search';
import { webhookQueries } from './queries';
import { NoMatches } from '../../components/no-matches';

interface EndpointsSectionProps {
  apiKey: ApiKeyCredentials;
  /** The saved switch: the service refuses new endpoints while advanced webhooks are off. */
  webhooksEnabled: boolean;
  search: EndpointsSearch;
}

const statuses = [
  { value: 'enabled', label: 'Enabled' },
  { value: 'disabled', label: 'Disabled' },
] as const;

export function EndpointsSection({ apiKey, webhooksEnabled, search }: EndpointsSectionProps) {
  const endpoints = useInfiniteQuery(webhookQueries.endpoints(apiKey));
  const list = useListSearch(search, { defaultSort: defaultEndpointSort });
  const navigate = useNavigate();
  const sort = list.sort ?? defaultEndpointSort;
  const rows = useMemo(
    () => endpointRows(pagedItems(endpoints.data), search, sort),
    [endpoints.data, search, sort],
  );
  const columns = useMemo(() => endpointColumns(apiKey.id), [apiKey.id]);
  const filtered = search.q !== undefined || search.status !== undefined;
  // The service lists endpoints in creation order only: another view needs them all.
  useAllPages(endpoints, filtered || search.sort !== undefined);

  const empty = filtered ? (
    <NoMatches noun="endpoint" onClear={() => list.set({ q: undefined, status: undefined })} />
  ) : (
    <EmptyState title="No endpoints yet">
      {webhooksEnabled
        ? 'Create one with “Create endpoint” above to start receiving the events of this API key.'
        : 'Turn advanced webhooks on above, then create an endpoint.'}
    </EmptyState>
  );

  return (
    <Card className="space-y-4">
      <section aria-labelledby="webhook-endpoints-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="webhook-endpoints-heading" className="text-base font-semibold">
              Endpoints
            </h2>
            <p className="text-sm text-muted">Where the events of this API key are delivered.</p>
          </div>
          {webhooksEnabled ? <CreateEndpointDialog apiKey={apiKey} /> : null}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          <FilterInput
            label="Filter by URL, description or UID"
            value={search.q}
            onChange={(q) => list.set({ q })}
          />
          <FilterSelect
            label="Status"
            value={search.status}
            options={statuses}
            onChange={(status) => list.set({ status })}
          />
        </div>
        <DataTable
          label="Endpoints"
          columns={columns}
          rows={rows}
          rowKey={(endpoint) => endpoint.id}
          onOpen={(endpoint) =>
            void navigate({
              to: '/keys/$apiKeyId/webhooks/$endpointId',
              params: { apiKeyId: apiKey.id, endpointId: endpoint.id },
            })
          }
          sort={sort}
          onSort={(column) => list.sortBy(column as EndpointSortField)}
          status={tableStatus(endpoints)}
          empty={empty}
          noun={['endpoint', 'endpoints']}
          minWidth="56rem"
        />
      </section>
    </Card>
  );
}
