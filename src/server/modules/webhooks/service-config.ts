import type { z } from 'zod';
import {
  type WebhookService,
  defaultWebhookServiceTriggers,
  type updateWebhookServiceRequest,
} from '#contract/webhook-service';
import { maskSecret } from '../../crypto/mask';
import { PublicKeyError, parseRsaPublicKey } from '../../crypto/rsa-public-key';
import { newId } from '../../crypto/secrets';
import { invalidArgument } from '../../http/service-error';
import { publicTargetRule } from '../../jobs/ssrf-guard';
import type { Services } from '../../services';
import {
  type BasicKind,
  type BasicTargetRow,
  type ServiceConfigRow,
  lockServiceConfig,
  readBasicTargets,
  readServiceConfig,
  saveBasicTarget,
  writeServiceConfig,
} from './service-config-store';

type UpdateInput = z.output<typeof updateWebhookServiceRequest>;

const FIELD = 'data.webhookServiceConfig';

/**
 * What Get Webhook Config answers, and what the audit log compares: the token only ever masked
 * (nobody reads it back; an admin replaces it), '' when there is none.
 */
function view(
  s: Services,
  row: ServiceConfigRow | undefined,
  targets: Partial<Record<BasicKind, BasicTargetRow>>,
): WebhookService {
  const token = row && row.authTokenEnc !== '' ? s.secrets.decrypt(row.authTokenEnc) : '';
  return {
    useWebhookService: row?.useWebhookService ?? false,
    webhookServiceConfig: {
      authToken: token === '' ? '' : maskSecret(token),
      rawNotificationUrl: targets.basic_raw?.url ?? '',
      processedNotificationUrl: targets.basic_processed?.url ?? '',
      encodeData: row?.encodeData ?? false,
      encryptData: row?.encryptData ?? false,
      publicKey: row?.publicKey ?? '',
      triggers: row?.triggers ?? {},
    },
  };
}

export async function getWebhookService(s: Services, apiKeyId: string): Promise<WebhookService> {
  const [row, targets] = await Promise.all([
    readServiceConfig(s.db, apiKeyId),
    readBasicTargets(s.db, apiKeyId),
  ]);
  return view(s, row, targets);
}

/** A URL must name a public address (unless private targets are allowed), as advanced ones. */
function checkUrl(s: Services, field: string, url: string | undefined): void {
  if (url === undefined || url === '' || s.config.webhookAllowPrivate) return;
  const refused = publicTargetRule(url);
  if (refused) throw invalidArgument(refused.replace(/^url/, `${FIELD}.${field}`));
}

function checkPublicKey(publicKey: string | undefined): void {
  if (publicKey === undefined || publicKey === '') return;
  try {
    parseRsaPublicKey(publicKey);
  } catch (err) {
    if (err instanceof PublicKeyError) throw invalidArgument(`${FIELD}.publicKey ${err.message}`);
    throw err;
  }
}

/**
 * Merge-only update, as the hosted product does it: fields absent stay as they are. The first
 * time the service is turned on, the hosted defaults are seeded under what the call sends (comment
 * and huddle triggers on, the opt-in suggestion triggers off). Encryption needs a public key, and
 * the token is sealed before it is stored.
 */
export async function updateWebhookService(
  s: Services,
  apiKeyId: string,
  input: UpdateInput,
): Promise<void> {
  const given = input.webhookServiceConfig ?? {};
  checkUrl(s, 'rawNotificationUrl', given.rawNotificationUrl);
  checkUrl(s, 'processedNotificationUrl', given.processedNotificationUrl);
  checkPublicKey(given.publicKey);
  const now = s.clock();
  await s.db.transaction(async (tx) => {
    const row = await lockServiceConfig(tx, apiKeyId, now);
    // Never configured triggers: turning the service on seeds the hosted defaults first.
    const firstEnable = input.useWebhookService === true && Object.keys(row.triggers).length === 0;
    const triggers = {
      ...(firstEnable ? defaultWebhookServiceTriggers : {}),
      ...row.triggers,
      ...given.triggers,
    };
    const encryptData = given.encryptData ?? row.encryptData;
    const publicKey = given.publicKey ?? row.publicKey;
    if (encryptData && publicKey.trim() === '') {
      throw invalidArgument(`${FIELD}.publicKey is required while encryptData is true.`);
    }
    await writeServiceConfig(tx, apiKeyId, {
      useWebhookService: input.useWebhookService ?? row.useWebhookService,
      ...(given.authToken === undefined
        ? {}
        : { authTokenEnc: given.authToken === '' ? '' : s.secrets.encrypt(given.authToken) }),
      encodeData: given.encodeData ?? row.encodeData,
      encryptData,
      publicKey,
      triggers,
      updatedAt: now,
    });
    const targets: [BasicKind, string | undefined][] = [
      ['basic_raw', given.rawNotificationUrl],
      ['basic_processed', given.processedNotificationUrl],
    ];
    for (const [kind, url] of targets) {
      if (url !== undefined) {
        await saveBasicTarget(tx, { apiKeyId, kind, id: newId('whs'), url, now });
      }
    }
  });
}
