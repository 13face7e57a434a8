import { useQuery } from '@tanstack/react-query';
import { useMatch } from '@tanstack/react-router';
import type { ApiKeyCredentials } from '../lib/api-key';
import { runningExecutionsQuery } from '../lib/running-executions';
import { Badge } from './badge';

/**
 * "N running" beside the navigation's Agent executions: the running executions of the key in the
 * address (Get API Key Counts), read again every few seconds while some run. Loaded on its own
 * (running-executions-nav-badge.tsx), so the contract it calls stays out of the first load.
 */
export function RunningExecutionsBadge() {
  // The key's layout puts the key's credentials into its context once its token is known.
  const apiKey = useMatch({
    from: '/_app/keys/$apiKeyId',
    shouldThrow: false,
    select: (match) => (match.context as { apiKey?: ApiKeyCredentials }).apiKey,
  });
  return apiKey ? <RunningCount apiKey={apiKey} /> : null;
}

function RunningCount({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const running = useQuery(runningExecutionsQuery(apiKey));
  const count = running.data ?? 0;
  if (count === 0) return null;
  return (
    <Badge tone="accent" className="shrink-0 whitespace-nowrap" data-testid="running-executions">
      {count.toLocaleString('en')} running
    </Badge>
  );
}
