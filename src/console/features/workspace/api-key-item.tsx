import { useState } from 'react';
import type { ApiKeyEntry, ApiKeyType } from '#contract/workspace';
import { Badge, type BadgeTone } from '../../components/badge';
import { buttonClasses } from '../../components/button';
import { IdText } from '../../components/id-text';
import { KeyAreaLink } from '../../components/key-area-link';
import { AuthTokenField } from './auth-token-field';
import { RenameApiKeyDialog } from './rename-api-key-dialog';
import { ResetTokenDialog } from './reset-token-dialog';

const typeTone: Record<ApiKeyType, BadgeTone> = { testing: 'warning', production: 'success' };

interface ApiKeyItemProps {
  workspaceId: string;
  apiKey: ApiKeyEntry;
  /** The key whose pages this tab opened last, where the navigation's key links lead. */
  openedLast: boolean;
}

export function ApiKeyItem({ workspaceId, apiKey, openedLast }: ApiKeyItemProps) {
  const [revealed, setRevealed] = useState(false);
  const headingId = `api-key-${apiKey.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="space-y-4 rounded-lg border border-border bg-surface p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <h3 id={headingId} className="font-semibold break-words">
            {apiKey.apiKeyName}
          </h3>
          <Badge tone={typeTone[apiKey.type]}>{apiKey.type}</Badge>
          {openedLast ? <Badge tone="accent">Opened last</Badge> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <KeyAreaLink
            apiKeyId={apiKey.id}
            aria-describedby={headingId}
            className={buttonClasses('secondary', 'sm')}
          >
            Use this key
          </KeyAreaLink>
          <RenameApiKeyDialog workspaceId={workspaceId} apiKey={apiKey} describedBy={headingId} />
          <ResetTokenDialog
            workspaceId={workspaceId}
            apiKey={apiKey}
            onReset={() => setRevealed(true)}
          />
        </div>
      </div>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[7rem_minmax(0,1fr)] sm:items-center">
        <dt className="text-muted">API key ID</dt>
        <dd className="min-w-0 text-xs">
          <IdText value={apiKey.id} label={`API key ID of ${apiKey.apiKeyName}`} />
        </dd>
        <dt className="text-muted">Auth token</dt>
        <dd className="min-w-0">
          <AuthTokenField
            workspaceId={workspaceId}
            apiKey={apiKey}
            revealed={revealed}
            onRevealedChange={setRevealed}
          />
        </dd>
      </dl>
    </article>
  );
}
