import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { toast } from '../../lib/toaster';
import { documentQueries, isFinished } from './queries';
import { type TrackedMigration, markAnnounced, useTrackedMigrations } from './tracked-migrations';

interface WatchedProps {
  apiKey: ApiKeyCredentials;
  migration: TrackedMigration;
}

/** One migration, asked about until it ends; then a toast, once. */
function WatchedMigration({ apiKey, migration }: WatchedProps) {
  const { data } = useQuery(
    documentQueries.migration(apiKey, migration.organizationId, migration.migrationId),
  );
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!data || !isFinished(data)) return;
    markAnnounced(migration.migrationId);
    const moved = `${migration.documentId} → ${migration.newDocumentId}`;
    if (data.status === 'completed') {
      toast({ tone: 'success', title: 'Migration completed', message: moved });
    } else {
      const reason = data.failureReason ?? 'The service gave no reason.';
      toast({ tone: 'error', title: 'Migration failed', message: `${moved}: ${reason}` });
    }
    void queryClient.invalidateQueries({ queryKey: documentQueries.one(apiKey.id) });
  }, [data, migration, queryClient, apiKey.id]);
  return null;
}

/**
 * Follows the migrations started in this tab for the key, on every page of the key and over
 * reloads, and says in a toast when each ends. Renders nothing. (One query per migration rather
 * than useQueries, which would add its observer to the query library's chunk of the first load.)
 */
export function MigrationWatcher({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const running = useTrackedMigrations(apiKey.id).filter((m) => !m.announced);
  return running.map((migration) => (
    <WatchedMigration key={migration.migrationId} apiKey={apiKey} migration={migration} />
  ));
}
