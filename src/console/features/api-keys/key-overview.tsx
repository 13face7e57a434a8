import { useQuery } from '@tanstack/react-query';
import type { ApiKeyCounts } from '#contract/api-key-counts';
import type { ApiKeyConfig } from '#contract/api-keys';
import { Badge } from '../../components/badge';
import { IdText } from '../../components/id-text';
import { Card } from '../../components/card';
import { KeyAreaLink } from '../../components/key-area-link';
import { PageHeading } from '../../components/page-heading';
import { QueryState } from '../../components/query-state';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyAreaSections } from '../../lib/areas';
import type { KeySegment } from '#contract/areas';
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
      <dd className="min-w-0">
        <IdText value={config.ownerEmail} label="owner e-mail address" plain />
      </dd>
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

const counted: { name: keyof ApiKeyCounts; label: string; segment: KeySegment }[] = [
  { name: 'organizations', label: 'Organizations', segment: 'organizations' },
  { name: 'documents', label: 'Documents', segment: 'documents' },
  { name: 'users', label: 'Users', segment: 'users' },
  { name: 'webhookEndpoints', label: 'Webhook endpoints', segment: 'webhooks' },
  { name: 'runningExecutions', label: 'Running executions', segment: 'agents' },
];

/** What the key holds, each count a link to its page. */
function KeyCounts({ apiKeyId, counts }: { apiKeyId: string; counts: ApiKeyCounts }) {
  return (
    <ul aria-label="What this key holds" className="grid gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {counted.map(({ name, label, segment }) => (
        <li key={name}>
          <KeyAreaLink
            apiKeyId={apiKeyId}
            segment={segment}
            className="block rounded-lg border border-border bg-surface p-4 hover:border-accent hover:bg-surface-muted"
          >
            <span className="block text-2xl font-semibold tabular-nums">
              {counts[name].toLocaleString('en')}
            </span>
            <span className="text-sm text-muted">{label}</span>
          </KeyAreaLink>
        </li>
      ))}
    </ul>
  );
}

/** The landing page of an API key: its configuration at a glance, and its pages. */
export function KeyOverview({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const config = useQuery(apiKeyQueries.config(apiKey));
  const counts = useQuery(apiKeyQueries.counts(apiKey));
  return (
    <div className="space-y-6">
      <PageHeading title="API key overview">
        What this key is set to, and the pages that act for it.
      </PageHeading>
      <Card>
        <QueryState query={counts} loading="Counting what the key holds…">
          {(held) => <KeyCounts apiKeyId={apiKey.id} counts={held} />}
        </QueryState>
      </Card>
      <Card>
        <QueryState query={config} loading="Loading the key’s configuration…">
          {(saved) => <ConfigSummary config={saved} />}
        </QueryState>
      </Card>
      <nav aria-label="Pages of this API key" className="space-y-4">
        {keyAreaSections.map(({ heading, pages }) => (
          <section key={heading ?? 'pages'} aria-label={heading ?? 'Data'} className="space-y-2">
            {heading ? <h2 className="text-base font-semibold">{heading}</h2> : null}
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {pages.map((area) => (
                <li key={area.segment}>
                  <KeyAreaLink
                    apiKeyId={apiKey.id}
                    segment={area.segment}
                    className="flex h-full items-center justify-between gap-2 rounded-lg border border-border bg-surface p-4 text-sm font-medium hover:border-accent hover:bg-surface-muted"
                  >
                    {area.label}
                  </KeyAreaLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </div>
  );
}
