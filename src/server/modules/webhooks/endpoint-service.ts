import type { z } from 'zod';
import type {
  AdvancedWebhookEndpoint,
  createWebhookEndpointRequest,
  listWebhookEndpointsRequest,
  updateWebhookEndpointRequest,
} from '#contract/webhooks';
import { PREVIOUS_SECRET_GRACE_MS } from '#contract/webhook-deliveries';
import { MAX_WEBHOOK_ENDPOINTS_PER_KEY } from '#contract/webhooks';
import { newId } from '../../crypto/secrets';
import { ServiceError, invalidArgument } from '../../http/service-error';
import { unknownWebhookEndpoint } from '../../http/unknown-ids';
import { publicTargetRule } from '../../jobs/ssrf-guard';
import type { Services } from '../../services';
import { lockEnabledWebhooks, requireWebhooksEnabled } from './config-service';
import {
  type EndpointChanges,
  type EndpointRow,
  countEndpoints,
  deleteEndpoint as deleteEndpointRow,
  findEndpoint,
  insertEndpoint,
  listEndpointsPage,
  rotateEndpointSecret,
  updateEndpoint as updateEndpointRow,
} from './endpoint-store';
import { iterators } from './iterator';
import { enableResets, endpointHealthView } from './endpoint-health-view';
import { keysetPage } from '../../db/keyset';
import { isUniqueViolation } from '../../db/sql-state';
import { newSigningSecret } from '../../crypto/webhook-signing-secret';

type CreateInput = z.output<typeof createWebhookEndpointRequest>;
type UpdateInput = z.output<typeof updateWebhookEndpointRequest>;
type ListInput = z.output<typeof listWebhookEndpointsRequest>;

export const DEFAULT_ENDPOINTS_PAGE = 50;

export function endpointView(row: EndpointRow): AdvancedWebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    filterTypes: row.filterTypes,
    channels: row.channels,
    disabled: row.disabled,
    rateLimit: row.rateLimit,
    uid: row.uid,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    health: endpointHealthView(row),
  };
}

const uidTaken = (uid: string | null | undefined) =>
  new ServiceError('ALREADY_EXISTS', `Another webhook endpoint already has the uid ${uid ?? ''}.`);

/** The endpoint of this API key; a foreign id is refused as an unknown one. */
export async function requireEndpoint(
  s: Services,
  apiKeyId: string,
  endpointId: string,
): Promise<EndpointRow> {
  const row = await findEndpoint(s.db, apiKeyId, endpointId);
  if (!row) throw unknownWebhookEndpoint(endpointId);
  return row;
}

/**
 * Refuses a target that is not public unless private targets are allowed: what the URL alone
 * shows (a literal address, a `localhost` name). A name is judged again at every delivery, by
 * the addresses it resolves to then (`jobs/ssrf-guard.ts`).
 */
function requirePublicTarget(s: Services, url: string | undefined): void {
  if (url === undefined || s.config.webhookAllowPrivate) return;
  const refused = publicTargetRule(url);
  if (refused) throw invalidArgument(refused);
}

/**
 * Creates an endpoint while the key has room for one. The key's configuration row is locked for
 * the check and the insert, so parallel creates cannot pass the limit together.
 */
export async function createEndpoint(s: Services, apiKeyId: string, input: CreateInput) {
  requirePublicTarget(s, input.url);
  const now = s.clock();
  const row = await s.db.transaction(async (tx) => {
    await lockEnabledWebhooks(tx, apiKeyId);
    if ((await countEndpoints(tx, apiKeyId)) >= MAX_WEBHOOK_ENDPOINTS_PER_KEY) {
      throw new ServiceError(
        'RESOURCE_EXHAUSTED',
        `An API key may have at most ${MAX_WEBHOOK_ENDPOINTS_PER_KEY} webhook endpoints. Delete one to create another.`,
      );
    }
    return insertEndpoint(tx, {
      id: newId('ep'),
      apiKeyId,
      url: input.url,
      description: input.description ?? '',
      filterTypes: input.filterTypes ?? null,
      channels: input.channels ?? null,
      disabled: input.disabled ?? false,
      rateLimit: input.rateLimit ?? null,
      uid: input.uid ?? null,
      metadata: input.metadata ?? {},
      secretEnc: s.secrets.encrypt(newSigningSecret()),
      createdAt: now,
      updatedAt: now,
    });
  });
  if (!row) throw uidTaken(input.uid);
  return endpointView(row);
}

/** Only the fields sent change; null returns a filter, the rate limit or the uid to "none". */
export async function updateEndpoint(s: Services, apiKeyId: string, input: UpdateInput) {
  requirePublicTarget(s, input.url);
  await requireWebhooksEnabled(s.db, apiKeyId);
  const changes: EndpointChanges = { updatedAt: s.clock() };
  if (input.url !== undefined) changes.url = input.url;
  if (input.description !== undefined) changes.description = input.description;
  if (input.filterTypes !== undefined) changes.filterTypes = input.filterTypes;
  if (input.channels !== undefined) changes.channels = input.channels;
  if (input.disabled !== undefined) changes.disabled = input.disabled;
  // Enabled again: whatever waited behind the circuit or the service's disabling flows again.
  if (input.disabled === false)
    Object.assign(changes, enableResets(changes.updatedAt ?? s.clock()));
  if (input.rateLimit !== undefined) changes.rateLimit = input.rateLimit;
  if (input.uid !== undefined) changes.uid = input.uid;
  if (input.metadata !== undefined) changes.metadata = input.metadata;
  let row: EndpointRow | undefined;
  try {
    row = await updateEndpointRow(s.db, apiKeyId, input.endpointId, changes);
  } catch (err) {
    if (isUniqueViolation(err)) throw uidTaken(input.uid);
    throw err;
  }
  if (!row) throw unknownWebhookEndpoint(input.endpointId);
  return endpointView(row);
}

/**
 * Keyset pages in creation order. `iterator` continues after the page, `prevIterator` goes back
 * to the page before it; both are signed and bound to the API key.
 */
export async function listEndpoints(s: Services, apiKeyId: string, input: ListInput) {
  const limit = input.limit ?? DEFAULT_ENDPOINTS_PAGE;
  const tokens = iterators(s.secrets, 'webhook-endpoints');
  const cursor = tokens.decode(apiKeyId, input.iterator);
  const { rows: page, more } = keysetPage(
    await listEndpointsPage(s.db, apiKeyId, cursor, limit),
    limit,
  );
  const backwards = cursor?.direction === 'prev';
  if (backwards) page.reverse();
  const token = (direction: 'next' | 'prev', row: EndpointRow | undefined) =>
    row
      ? tokens.encode(apiKeyId, { direction, createdAtMs: row.createdAt.getTime(), id: row.id })
      : null;
  // Going back, the rows after the page exist (we came from them); going forward, those before.
  const done = page.length === 0 || (backwards ? false : !more);
  const hasPrevious = backwards ? more : cursor !== undefined;
  return {
    endpoints: page.map(endpointView),
    iterator: done ? null : token('next', page.at(-1)),
    prevIterator: hasPrevious ? token('prev', page[0]) : null,
    done,
  };
}

export async function deleteEndpoint(s: Services, apiKeyId: string, endpointId: string) {
  if (!(await deleteEndpointRow(s.db, apiKeyId, endpointId))) {
    throw unknownWebhookEndpoint(endpointId);
  }
  return { endpointId, deleted: true as const };
}

export async function getEndpointSecret(s: Services, apiKeyId: string, endpointId: string) {
  const row = await requireEndpoint(s, apiKeyId, endpointId);
  return { endpointId: row.id, secret: s.secrets.decrypt(row.secretEnc) };
}

/** A new secret; the replaced one keeps signing beside it for 24 hours, any older one stops. */
export async function rotateSecret(s: Services, apiKeyId: string, endpointId: string) {
  const now = s.clock();
  const expiresAt = new Date(now.getTime() + PREVIOUS_SECRET_GRACE_MS);
  const row = await rotateEndpointSecret(s.db, apiKeyId, endpointId, {
    secretEnc: s.secrets.encrypt(newSigningSecret()),
    expiresAt,
    now,
  });
  if (!row) throw unknownWebhookEndpoint(endpointId);
  return {
    endpointId: row.id,
    rotatedAt: now.toISOString(),
    previousSecretExpiresAt: expiresAt.toISOString(),
  };
}
