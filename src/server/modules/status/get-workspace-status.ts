import { type DeliveryMinute, STATUS_WINDOW_MINUTES, type WorkspaceStatus } from '#contract/status';
import { jobQueueFigures, outboxFigures } from '../../metrics/queue-figures';
import type { Services } from '../../services';
import { deliveriesPerMinute } from './deliveries-store';
import { failingEndpoints } from './failing-endpoints';

const MINUTE_MS = 60_000;

/**
 * Get Workspace Status: the workspace's queues through the statements `/metrics` reads (scoped to
 * its keys), its deliveries per minute and its failing endpoints, all read at one instant.
 */
export async function getWorkspaceStatus(
  s: Services,
  workspaceId: string,
): Promise<WorkspaceStatus> {
  const now = s.clock();
  const scope = { workspaceId };
  // The window ends with the current minute, so the last bar fills as the minute passes.
  const start = new Date(
    Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS - (STATUS_WINDOW_MINUTES - 1) * MINUTE_MS,
  );
  const [jobs, outbox, counted, failing] = await Promise.all([
    jobQueueFigures(s.db, now, scope),
    outboxFigures(s.db, now, scope),
    deliveriesPerMinute(s.db, workspaceId, start, now),
    failingEndpoints(s.db, workspaceId),
  ]);
  const deliveries: DeliveryMinute[] = Array.from({ length: STATUS_WINDOW_MINUTES }, (_, slot) => {
    const found = counted.find((c) => c.slot === slot);
    return {
      minute: new Date(start.getTime() + slot * MINUTE_MS).toISOString(),
      delivered: found?.delivered ?? 0,
      failed: found?.failed ?? 0,
    };
  });
  return { readAt: now.toISOString(), jobs, outbox, deliveries, failingEndpoints: failing };
}
