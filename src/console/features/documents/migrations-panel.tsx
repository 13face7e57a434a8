import { useQuery } from '@tanstack/react-query';
import type { MigrationStatus } from '#contract/documents';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { errorMessage } from '../../lib/api-error';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { documentQueries } from './queries';
import { type TrackedMigration, forgetMigration, useTrackedMigrations } from './tracked-migrations';

const statusLabel: Record<MigrationStatus, { text: string; tone: BadgeTone }> = {
  pending: { text: 'Pending', tone: 'neutral' },
  in_progress: { text: 'In progress', tone: 'accent' },
  completed: { text: 'Completed', tone: 'success' },
  failed: { text: 'Failed', tone: 'danger' },
};

function MigrationRow({
  apiKey,
  migration,
}: {
  apiKey: ApiKeyCredentials;
  migration: TrackedMigration;
}) {
  const status = useQuery(
    documentQueries.migration(apiKey, migration.organizationId, migration.migrationId),
  );
  const label = status.data ? statusLabel[status.data.status] : undefined;
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
      <span
        className="min-w-0 truncate font-mono"
        title={`${migration.documentId} → ${migration.newDocumentId}`}
      >
        {migration.documentId} → {migration.newDocumentId}
      </span>
      <span className="min-w-0 truncate text-muted" title={migration.organizationId}>
        in {migration.organizationId}
      </span>
      {label ? <Badge tone={label.tone}>{label.text}</Badge> : <Badge>Checking…</Badge>}
      {status.data?.failureReason ? (
        <span className="text-danger">{status.data.failureReason}</span>
      ) : null}
      {status.isError ? <span className="text-danger">{errorMessage(status.error)}</span> : null}
      <Button
        variant="secondary"
        size="sm"
        className="ml-auto"
        onClick={() => forgetMigration(migration.migrationId)}
        aria-label={`Hide the migration of ${migration.documentId}`}
      >
        Hide
      </Button>
    </li>
  );
}

/** The migrations started in this tab, newest first, with their live status. */
export function MigrationsPanel({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const migrations = useTrackedMigrations(apiKey.id);
  if (migrations.length === 0) return null;
  return (
    <Card>
      <section aria-labelledby="migrations-heading" className="space-y-2">
        <h2 id="migrations-heading" className="text-base font-semibold">
          Migrations
        </h2>
        <ul aria-live="polite" className="divide-y divide-border">
          {[...migrations].reverse().map((migration) => (
            <MigrationRow key={migration.migrationId} apiKey={apiKey} migration={migration} />
          ))}
        </ul>
      </section>
    </Card>
  );
}
