import { Link } from '@tanstack/react-router';
import type { AdvancedWebhookEndpoint } from '#contract/webhooks';
import { Badge } from '../../components/badge';
import type { Column } from '../../components/data-table/column';
import { formatTime } from '../../lib/format-time';
import { FilterSummary } from './filter-summary';

/**
 * The endpoints table's columns; the URL opens the endpoint's page (secret, test, delivery log).
 * Sortable columns are named as in `endpointSortFields`.
 */
export function endpointColumns(apiKeyId: string): Column<AdvancedWebhookEndpoint>[] {
  return [
    {
      id: 'url',
      header: 'URL',
      width: 'minmax(12rem, 2fr)',
      sortable: true,
      cell: (endpoint) => (
        <>
          <Link
            to="/keys/$apiKeyId/webhooks/$endpointId"
            params={{ apiKeyId, endpointId: endpoint.id }}
            className="font-medium wrap-anywhere text-accent underline-offset-2 hover:underline"
          >
            {endpoint.url}
          </Link>
          {endpoint.uid ? (
            <span className="block truncate text-xs text-muted" title={endpoint.uid}>
              UID {endpoint.uid}
            </span>
          ) : null}
        </>
      ),
    },
    {
      id: 'description',
      header: 'Description',
      width: 'minmax(7rem, 1fr)',
      cell: (endpoint) => endpoint.description || <span className="text-muted">None</span>,
    },
    {
      // Event types and channels share a column: both say what the endpoint is sent.
      id: 'filterTypes',
      header: 'Event types / channels',
      width: 'minmax(9rem, 1.5fr)',
      cell: (endpoint) => (
        <>
          <FilterSummary items={endpoint.filterTypes} all="All event types" />
          <span className="mt-1 block text-xs text-muted">
            {endpoint.channels ? `Channels: ${endpoint.channels.join(', ')}` : 'All channels'}
          </span>
        </>
      ),
    },
    {
      id: 'rateLimit',
      header: 'Rate limit',
      width: '5.5rem',
      cell: (endpoint) =>
        endpoint.rateLimit === null ? (
          <span className="text-muted">None</span>
        ) : (
          `${endpoint.rateLimit}/s`
        ),
    },
    {
      id: 'status',
      header: 'Status',
      width: '6.5rem',
      sortable: true,
      cell: (endpoint) => (
        <Badge tone={endpoint.disabled ? 'warning' : 'success'}>
          {endpoint.disabled ? 'Disabled' : 'Enabled'}
        </Badge>
      ),
    },
    {
      id: 'createdAt',
      header: 'Created',
      // A date and a time on two lines: the table fits a 1280 px window.
      width: '7.5rem',
      sortable: true,
      cell: (endpoint) => (
        <time dateTime={endpoint.createdAt} className="text-xs text-muted">
          {formatTime(endpoint.createdAt)}
        </time>
      ),
    },
    {
      id: 'updatedAt',
      header: 'Updated',
      width: '7.5rem',
      sortable: true,
      cell: (endpoint) => (
        <time dateTime={endpoint.updatedAt} className="text-xs text-muted">
          {formatTime(endpoint.updatedAt)}
        </time>
      ),
    },
  ];
}
