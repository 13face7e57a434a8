import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { ApiKeyConfigForm } from './api-key-config-form';
import { apiKeyQueries } from './queries';

export function ApiKeyConfigPage({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const config = useQuery(apiKeyQueries.config(apiKey));
  return (
    <QueryState query={config} loading="Loading the configuration…" skeleton={<SettingsSkeleton />}>
      {(saved) => <ApiKeyConfigForm apiKey={apiKey} config={saved} />}
    </QueryState>
  );
}
