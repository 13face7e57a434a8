import { Link } from '@tanstack/react-router';
import type { ApiKeyEntry, ApiKeyType } from '../../../contract/workspace';
import { Badge, type BadgeTone } from '../../components/badge';
import { Card } from '../../components/card';
import { CopyButton } from '../../components/copy-button';

const typeTone: Record<ApiKeyType, BadgeTone> = { testing: 'warning', production: 'success' };

export function ApiKeyTable({ keys }: { keys: readonly ApiKeyEntry[] }) {
  return (
    <section aria-labelledby="api-keys-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-4">
        <h2 id="api-keys-heading" className="text-lg font-semibold">
          API keys
        </h2>
        <p className="text-sm text-muted">{keys.length === 1 ? '1 key' : `${keys.length} keys`}</p>
      </div>
      {keys.length === 0 ? (
        <Card>
          <p className="font-medium">This workspace has no API keys.</p>
          <p className="mt-1 text-sm text-muted">
            Creating keys will be part of{' '}
            <Link
              to="/$area"
              params={{ area: 'api-keys' }}
              className="font-medium text-accent underline underline-offset-2"
            >
              API keys &amp; configuration
            </Link>
            , which is not built yet.
          </p>
        </Card>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-border bg-surface shadow-sm">
          <table aria-labelledby="api-keys-heading" className="w-full text-left text-sm">
            <thead className="border-b border-border bg-surface-muted text-muted">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Name
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  API key ID
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  Type
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {keys.map((key) => (
                <tr key={key.id}>
                  <th scope="row" className="px-4 py-3 font-medium">
                    {key.apiKeyName}
                  </th>
                  <td className="px-4 py-2">
                    <span className="flex items-center gap-1">
                      <code className="font-mono text-xs break-all">{key.id}</code>
                      <CopyButton value={key.id} label={`API key ID of ${key.apiKeyName}`} />
                    </span>
                  </td>
                  <td className="px-4 py-2">
                    <Badge tone={typeTone[key.type]}>{key.type}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
