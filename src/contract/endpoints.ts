import type { AnyEndpoint } from './endpoint';
import * as activities from './activities';
import * as agents from './agents';
import * as apiKeyCounts from './api-key-counts';
import * as apiKeys from './api-keys';
import * as auditLog from './audit-log';
import * as documents from './documents';
import * as folders from './folders';
import * as memory from './memory';
import * as notifications from './notifications';
import * as organizations from './organizations';
import * as reactions from './reactions';
import * as recordings from './recordings';
import * as userData from './user-data';
import * as users from './users';
import * as webhookDeliveries from './webhook-deliveries';
import * as webhooks from './webhooks';
import * as workspace from './workspace';

/** The endpoints a module exports, ordered by path: module namespaces have no reliable order. */
function entries(module: Record<string, unknown>): AnyEndpoint[] {
  return Object.values(module)
    .filter(
      (value): value is AnyEndpoint =>
        typeof value === 'object' && value !== null && 'path' in value && 'envelope' in value,
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Every endpoint of the specification and of DESIGN.md's extensions, in one list. */
export const allEndpoints: readonly AnyEndpoint[] = [
  ...entries(workspace),
  ...entries(apiKeys),
  ...entries(apiKeyCounts),
  ...entries(webhooks),
  ...entries(webhookDeliveries),
  ...entries(organizations),
  ...entries(folders),
  ...entries(documents),
  ...entries(users),
  ...entries(userData),
  ...entries(notifications),
  ...entries(activities),
  ...entries(reactions),
  ...entries(recordings),
  ...entries(agents),
  ...entries(memory),
  ...entries(auditLog),
];
