import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { ActivitySettingsForm } from './activity-settings-form';
import { activityQueries } from './queries';

export function ActivitySettingsPage({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const config = useQuery(activityQueries.config(apiKey));
  return (
    <QueryState
      query={config}
      loading="Loading the activity settings…"
      skeleton={<SettingsSkeleton rows={4} />}
    >
      {(saved) => <ActivitySettingsForm apiKey={apiKey} config={saved.activityServiceConfig} />}
    </QueryState>
  );
}
