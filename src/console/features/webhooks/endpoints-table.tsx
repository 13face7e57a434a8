import { Link } from '@tanstack/react-router';
import type { AdvancedWebhookEndpoint } from '../../../contract/webhooks';
import { Badge } from '../../components/badge';
import { FilterSummary } from './filter-summary';
import { formatTime } from './format-time';

const head = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-muted uppercase';
const cell = 'px-3 py-3 align-top';

/** The key's endpoints; the URL opens the endpoint's page (secret, test, delivery log). */
export function EndpointsTable({ endpoints }: { endpoints: readonly AdvancedWebhookEndpoint[] }) {
  return (
    // Wide on purpose: on a phone the table scrolls inside its box, never the page.
    <div
      role="region"
      aria-label="Endpoints table"
      tabIndex={0}
      className="overflow-x-auto rounded-md border border-border"
    >
      <table className="w-full min-w-[56rem] text-sm">
        <thead className="border-b border-border bg-surface-muted">
          <tr>
            <th scope="col" className={head}>
              URL
            </th>
            <th scope="col" className={head}>
              Description
            </th>
            <th scope="col" className={head}>
              Event types
            </th>
            <th scope="col" className={head}>
              Channels
            </th>
            <th scope="col" className={head}>
              Rate limit
            </th>
            <th scope="col" className={head}>
              Status
            </th>
            <th scope="col" className={head}>
              Created / updated
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {endpoints.map((endpoint) => (
            <tr key={endpoint.id}>
              <td className={`${cell} max-w-72`}>
                <Link
                  to="/webhooks/$endpointId"
                  params={{ endpointId: endpoint.id }}
                  className="font-medium break-all text-accent underline-offset-2 hover:underline"
                >
                  {endpoint.url}
                </Link>
                {endpoint.uid ? (
                  <span className="block text-xs text-muted">UID {endpoint.uid}</span>
                ) : null}
              </td>
              <td className={`${cell} max-w-56 break-words`}>
                {endpoint.description || <span className="text-muted">None</span>}
              </td>
              <td className={cell}>
                <FilterSummary items={endpoint.filterTypes} all="All" />
              </td>
              <td className={cell}>
                <FilterSummary items={endpoint.channels} all="All" />
              </td>
              <td className={`${cell} whitespace-nowrap`}>
                {endpoint.rateLimit === null ? (
                  <span className="text-muted">None</span>
                ) : (
                  `${endpoint.rateLimit}/s`
                )}
              </td>
              <td className={cell}>
                <Badge tone={endpoint.disabled ? 'warning' : 'success'}>
                  {endpoint.disabled ? 'Disabled' : 'Enabled'}
                </Badge>
              </td>
              <td className={`${cell} text-xs whitespace-nowrap text-muted`}>
                <time dateTime={endpoint.createdAt}>{formatTime(endpoint.createdAt)}</time>
                <br />
                <time dateTime={endpoint.updatedAt}>{formatTime(endpoint.updatedAt)}</time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
