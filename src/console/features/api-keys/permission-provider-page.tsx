import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../components/query-state';
import { SettingsSkeleton } from '../../components/settings-skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { PermissionProviderEffect } from './permission-provider-effect';
import { PermissionProviderForm } from './permission-provider-form';
import { apiKeyQueries } from './queries';

export function PermissionProviderPage({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const config = useQuery(apiKeyQueries.permissionProvider(apiKey));
  return (
    <QueryState
      query={config}
      loading="Loading the permission provider…"
      skeleton={<SettingsSkeleton rows={3} />}
    >
      {(saved) => (
        <div className="space-y-6">
          <PermissionProviderEffect config={saved} />
          <PermissionProviderForm apiKey={apiKey} config={saved} />
        </div>
      )}
    </QueryState>
  );
}
