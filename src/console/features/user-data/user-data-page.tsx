import { Card } from '../../components/card';
import { Skeleton } from '../../components/skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useDefaultOrganization } from '../../lib/use-default-organization';
import { useListSearch } from '../../lib/use-list-search';
import { DeletionJob } from './deletion-job';
import { EraseCard } from './erase-card';
import { ExportCard } from './export-card';
import { FindUser } from './find-user';
import type { UserDataSearch } from './user-data-search';
import { NoOrganizations } from '../../components/no-organizations';

interface UserDataPageProps {
  apiKey: ApiKeyCredentials;
  search: UserDataSearch;
}

export function UserDataPage({ apiKey, search }: UserDataPageProps) {
  const fallback = useDefaultOrganization(apiKey);
  const { set } = useListSearch(search);
  const organizationId = search.organization ?? fallback.organizationId;
  const job = search.job ? (
    <DeletionJob apiKey={apiKey} jobId={search.job} onClose={() => set({ job: undefined })} />
  ) : null;
  if (!organizationId) {
    return (
      <div className="space-y-6">
        {job}
        {fallback.pending ? (
          <Card aria-busy="true" className="space-y-3">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-9 w-full max-w-sm" />
          </Card>
        ) : (
          <NoOrganizations apiKeyId={apiKey.id}>
            Users and their data belong to an organization.
          </NoOrganizations>
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {job}
      <Card>
        <section aria-labelledby="find-heading" className="space-y-3">
          <h2 id="find-heading" className="text-base font-semibold">
            Find a user
          </h2>
          <FindUser
            apiKey={apiKey}
            organizationId={organizationId}
            userId={search.user}
            onOrganization={(organization) => set({ organization })}
            onUser={(user) => set({ user })}
          />
        </section>
      </Card>
      <ExportCard
        apiKey={apiKey}
        organizationId={organizationId}
        userId={search.user}
        format={search.format ?? 'json'}
        onFormat={(format) => set({ format: format === 'jsonl' ? 'jsonl' : undefined })}
      />
      <EraseCard
        apiKey={apiKey}
        organizationId={organizationId}
        userId={search.user}
        onStarted={(jobId) => set({ job: jobId })}
      />
    </div>
  );
}
