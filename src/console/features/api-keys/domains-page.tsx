import { useQuery } from '@tanstack/react-query';
import { deleteDomains } from '#contract/allowed-domains';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { QueryState } from '../../components/query-state';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { AddDomainsForm } from './add-domains-form';
import { apiKeyQueries } from './queries';
import { useDomainChanges } from './use-domain-changes';

function DomainList({
  domains,
  removing,
}: {
  domains: readonly string[];
  removing: ReturnType<typeof useDomainChanges>['removing'];
}) {
  if (domains.length === 0) {
    return (
      <EmptyState title="No domains allowed yet">
        The key's auth tokens then name no domain. Add the sites your app runs on above.
      </EmptyState>
    );
  }
  return (
    <ul aria-label="Allowed domains" className="divide-y divide-border">
      {domains.map((domain) => (
        <li key={domain} className="flex items-center justify-between gap-3 py-2">
          <span className="min-w-0 truncate font-mono text-sm">{domain}</span>
          <ConfirmDialog
            endpoint={deleteDomains}
            trigger={
              <Button variant="secondary" size="sm" aria-label={`Remove ${domain}`}>
                Remove
              </Button>
            }
            title={`Remove ${domain}?`}
            description={`The key's auth tokens stop naming ${domain}.`}
            confirmLabel="Remove"
            pendingLabel="Removing…"
            pending={removing.isPending}
            error={removing.isError ? errorMessage(removing.error) : undefined}
            onConfirm={() => {
              removing.reset();
              return removing.mutateAsync(domain);
            }}
          />
        </li>
      ))}
    </ul>
  );
}

export function DomainsPage({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const domains = useQuery(apiKeyQueries.domains(apiKey));
  const { adding, removing } = useDomainChanges(apiKey);
  return (
    <QueryState
      query={domains}
      loading="Loading the allowed domains…"
      skeleton={<SettingsSkeleton rows={3} />}
    >
      {(allowed) => (
        <div className="space-y-6">
          <Card>
            <AddDomainsForm allowed={allowed} adding={adding} />
          </Card>
          <Card className="space-y-3">
            <h2 className="text-base font-semibold">
              Allowed <span className="text-muted">({allowed.length})</span>
            </h2>
            <DomainList domains={allowed} removing={removing} />
          </Card>
        </div>
      )}
    </QueryState>
  );
}
