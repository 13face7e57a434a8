import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { WebhookMessage } from '#contract/webhook-deliveries';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { type PagedData, pagedItems } from '../../lib/paged-query';
import { webhookQueries } from './queries';
import { statsQueries } from './stats-queries';

const attemptsIn = (data: unknown) =>
  pagedItems(data as PagedData<WebhookMessage> | undefined).reduce(
    (sum, m) => sum + m.attempts.length,
    0,
  );

/**
 * Asks for the endpoint's figures again whenever its delivery log, on the same page, shows a new
 * attempt: a test event sent from the page is counted as soon as the log shows it delivered.
 */
export function useStatsFollowLog(apiKey: ApiKeyCredentials, endpointId: string): void {
  const client = useQueryClient();
  useEffect(() => {
    const log = hashKey(webhookQueries.messages(apiKey, endpointId).queryKey);
    const stats = statsQueries.stats(apiKey, endpointId).queryKey;
    // From what the log shows already: the card may mount after the log's first answer (it loads
    // lazily), and the next answer's new attempt must count as new.
    const shown = client.getQueryCache().get(log);
    let seen = shown?.state.status === 'success' ? attemptsIn(shown.state.data) : undefined;
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      if (event.query.queryHash !== log) return;
      const attempts = attemptsIn(event.query.state.data);
      if (seen !== undefined && attempts !== seen) {
        void client.invalidateQueries({ queryKey: stats, exact: true });
      }
      seen = attempts;
    });
  }, [client, apiKey, endpointId]);
}
