import type { AdvancedWebhookEndpoint } from '#contract/webhooks';
import type { Sort } from '../../lib/list-sort';
import { type SortableValue, sortRows } from '../../lib/list-sort';
import type { EndpointSortField, EndpointsSearch } from './endpoints-search';

function matchesText(endpoint: AdvancedWebhookEndpoint, text: string): boolean {
  const wanted = text.toLowerCase();
  return [endpoint.url, endpoint.description, endpoint.uid ?? ''].some((value) =>
    value.toLowerCase().includes(wanted),
  );
}

function sortValue(endpoint: AdvancedWebhookEndpoint, field: EndpointSortField): SortableValue {
  return field === 'status' ? endpoint.disabled : endpoint[field];
}

/**
 * The loaded endpoints the table shows: those the filters match, in the chosen order. The service
 * neither filters nor sorts endpoints, so this happens over what is loaded; the table loads the
 * remaining pages as it scrolls.
 */
export function endpointRows(
  endpoints: readonly AdvancedWebhookEndpoint[],
  search: EndpointsSearch,
  sort: Sort<EndpointSortField>,
): AdvancedWebhookEndpoint[] {
  const matching = endpoints.filter(
    (endpoint) =>
      (!search.q || matchesText(endpoint, search.q)) &&
      (!search.status || endpoint.disabled === (search.status === 'disabled')),
  );
  return sortRows(matching, sort, sortValue);
}
