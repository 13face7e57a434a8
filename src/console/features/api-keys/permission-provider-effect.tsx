import type { PermissionProviderConfig } from '#contract/api-keys';
import { Badge } from '../../components/badge';
import { Card } from '../../components/card';

/** What the service does now, as it answered: on or off, the address, the token masked. */
export function PermissionProviderEffect({ config }: { config: PermissionProviderConfig }) {
  const { permissionProviderUrl, authToken } = config.permissionProviderConfig;
  return (
    <Card>
      <h2 className="text-base font-semibold">Now in effect</h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        <dt className="text-muted">Status</dt>
        <dd>
          <Badge tone={config.usePermissionProvider ? 'success' : 'neutral'}>
            {config.usePermissionProvider ? 'On' : 'Off'}
          </Badge>
        </dd>
        <dt className="text-muted">Provider URL</dt>
        <dd className="wrap-anywhere">
          {permissionProviderUrl || <span className="text-muted">Not set</span>}
        </dd>
        <dt className="text-muted">Auth token</dt>
        <dd>
          {authToken ? (
            <code className="font-mono text-xs">{authToken}</code>
          ) : (
            <span className="text-muted">Not set</span>
          )}
        </dd>
      </dl>
    </Card>
  );
}
