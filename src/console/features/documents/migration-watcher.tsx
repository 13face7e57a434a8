import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { toast } from '../../lib/toaster';
import { documentQueries, isFinished } from './queries';
import { markAnnounced, useTrackedMigrations } from './tracked-migrations';

/**
 * Follows the migrations started in this tab for the key, on every page of the key and over
 * reloads, and says in a toast when each ends. Renders nothing.
 */
export function MigrationWatcher({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const running = useTrackedMigrations(apiKey.id).filter((m) => !m.announced);
  const statuses = useQueries({
    queries: running.map((m) => documentQueries.migration(apiKey, m.organizationId, m.migrationId)),
    combine: (results) => results.map((result) => result.data),
  });
  const queryClient = useQueryClient();
  useEffect(() => {
    statuses.forEach((status, index) => {
      const migration = running[index];
      if (!migration || !status || !isFinished(status)) return;
      markAnnounced(migration.migrationId);
      const moved = `${migration.documentId} → ${migration.newDocumentId}`;
      if (status.status === 'completed') {
        toast({ tone: 'success', title: 'Migration completed', message: moved });
      } else {
        const reason = status.failureReason ?? 'The service gave no reason.';
        toast({ tone: 'error', title: 'Migration failed', message: `${moved}: ${reason}` });
      }
      void queryClient.invalidateQueries({ queryKey: documentQueries.one(apiKey.id) });
    });
  }, [statuses, running, queryClient, apiKey.id]);
  return null;
}
