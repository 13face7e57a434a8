import { type Area, areas } from './areas';
import type { AnyEndpoint } from './endpoint';
import * as activities from './activities';
import * as activityConfig from './activity-config';
import * as agents from './agents';
import * as apiKeyCounts from './api-key-counts';
import * as allowedDomains from './allowed-domains';
import * as apiKeys from './api-keys';
import * as auditLog from './audit-log';
import * as documents from './documents';
import * as emailService from './email-service';
import * as folders from './folders';
import * as memory from './memory';
import * as notifications from './notifications';
import * as organizations from './organizations';
import * as reactions from './reactions';
import * as sessions from './sessions';
import * as status from './status';
import * as team from './team';
import * as recordings from './recordings';
import * as userData from './user-data';
import * as users from './users';
import * as eventTypes from './event-types';
import * as webhookDeliveries from './webhook-deliveries';
import * as webhookStats from './webhook-stats';
import * as webhookService from './webhook-service';
import * as webhooks from './webhooks';
import * as workspace from './workspace';
import * as workspaceAccess from './workspace-access';

type EndpointFile = Record<string, unknown>;

/** The endpoints a module exports, ordered by path: module namespaces have no reliable order. */
function entries(module: EndpointFile): AnyEndpoint[] {
  return Object.values(module)
    .filter(
      (value): value is AnyEndpoint =>
        typeof value === 'object' && value !== null && 'path' in value && 'envelope' in value,
    )
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The contract files of each area, in the order its endpoints are listed (an area may split its
 * endpoints over several files); the areas themselves are in areas.ts.
 */
const areaFiles: Record<Area, readonly EndpointFile[]> = {
  workspace: [workspace, workspaceAccess],
  'api-keys': [apiKeys, apiKeyCounts, allowedDomains],
  webhooks: [webhooks, webhookDeliveries, webhookService, webhookStats, eventTypes],
  organizations: [organizations],
  folders: [folders],
  documents: [documents],
  users: [users],
  'user-data': [userData],
  notifications: [notifications],
  activities: [activities, reactions, recordings, activityConfig],
  agents: [agents],
  memory: [memory],
  'audit-log': [auditLog],
  team: [team],
  sessions: [sessions],
  status: [status],
  'email-service': [emailService],
};

/** The endpoints of an area, its files in turn. */
export function endpointsOf(area: Area): AnyEndpoint[] {
  return areaFiles[area].flatMap(entries);
}

/** Every endpoint of the specification and of DESIGN.md's extensions, in one list, by area. */
export const allEndpoints: readonly AnyEndpoint[] = areas.flatMap(endpointsOf);
