import { useQuery } from '@tanstack/react-query';
import type { ApiKeyConfig } from '../../../contract/api-keys';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';
import { KeyAreaLink } from '../../components/key-area-link';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyAreas } from '../../lib/areas';
import { apiKeyQueries } from './queries';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

function ConfigSummary({ config }: { config: ApiKeyConfig }) {
  const providers = Object.keys(config.aiModelsConfig ?? {});
  return (
    <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[14rem_minmax(0,1fr)]">
      <dt className="text-muted">Plan</dt>
      <dd>
        <Badge tone={config.planInfo.type === 'paid' ? 'success' : 'neutral'}>
          {config.planInfo.type}
        </Badge>
      </dd>
      <dt className="text-muted">Owner e-mail</dt>
      <dd className="break-all">{config.ownerEmail}</dd>
      <dt className="text-muted">Default document access</dt>
      <dd>{config.defaultDocumentAccessType}</dd>
      <dt className="text-muted">Private comments</dt>
      <dd>{yesNo(config.isPrivateCommentsEnabled)}</dd>
      <dt className="text-muted">JWT required</dt>
      <dd>{yesNo(config.requireJwtToken)}</dd>
      <dt className="text-muted">AI provider keys</dt>
      <dd>{providers.length > 0 ? providers.join(', ') : 'None'}</dd>
    </dl>
  );
}

/** The landing page of an API key: its configuration at a glance, and its pages. */
export function KeyOverview({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const config = useQuery(apiKeyQueries.config(apiKey));
  return (
    <div className="space-y-6">
      <PageHeading title="API key overview">
        What this key is set to, and the pages that act for it.
      </PageHeading>
      <Card>
        <QueryState query={config} loading="Loading the key’s configuration…">
          {(saved) => <ConfigSummary config={saved} />}
        </QueryState>
      </Card>
      <nav aria-label="Pages of this API key">
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {keyAreas.map((area) => (
            <li key={area.segment}>
              <KeyAreaLink
                apiKeyId={apiKey.id}
                segment={area.segment}
                className="flex h-full items-center justify-between gap-2 rounded-lg border border-border bg-surface p-4 text-sm font-medium hover:border-accent hover:bg-surface-muted"
              >
                {area.label}
                {area.built ? null : <Badge>soon</Badge>}
              </KeyAreaLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
