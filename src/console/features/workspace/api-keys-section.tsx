import type { ApiKeyEntry } from '#contract/workspace';
import { Card } from '../../components/card';
import { useSession } from '../../lib/session';
import { ApiKeyItem } from './api-key-item';
import { CreateApiKeyDialog } from './create-api-key-dialog';

interface ApiKeysSectionProps {
  workspaceId: string;
  keys: readonly ApiKeyEntry[];
}

export function ApiKeysSection({ workspaceId, keys }: ApiKeysSectionProps) {
  const openedLast = useSession()?.apiKey;
  return (
    <section aria-labelledby="api-keys-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="api-keys-heading" className="text-lg font-semibold">
            API keys
          </h2>
          <p className="text-sm text-muted">
            {keys.length === 1 ? '1 key' : `${keys.length} keys`}. “Use this key” opens the
            console&apos;s pages of that key: its configuration, webhooks and data.
          </p>
        </div>
        <CreateApiKeyDialog workspaceId={workspaceId} />
      </div>
      {keys.length === 0 ? (
        <Card>
          <p className="font-medium">This workspace has no API keys.</p>
          <p className="mt-1 text-sm text-muted">
            Applications need one to call the service; create the first one above.
          </p>
        </Card>
      ) : (
        <ul className="space-y-3">
          {keys.map((key) => (
            <li key={key.id}>
              <ApiKeyItem
                workspaceId={workspaceId}
                apiKey={key}
                openedLast={key.id === openedLast}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
