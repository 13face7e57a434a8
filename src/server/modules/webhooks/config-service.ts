import type { z } from 'zod';
import type { AdvancedWebhookConfig, updateWebhookConfigRequest } from '#contract/webhooks';
import type { Db } from '../../db/db';
import { ServiceError, invalidArgument } from '../../http/service-error';
import type { Services } from '../../services';
import type { Tx } from '../../db/transaction';
import {
  type WebhookConfigRow,
  insertDefaultWebhookConfig,
  lockWebhookConfig,
  readWebhookConfig,
  writeWebhookConfig,
} from './config-store';
import { PublicKeyError, parseRsaPublicKey } from '../../crypto/rsa-public-key';

type ConfigUpdate = z.output<typeof updateWebhookConfigRequest>;

export const defaultWebhookConfig: AdvancedWebhookConfig = {
  isEnabled: false,
  encryptData: false,
  encodeData: false,
  publicKey: '',
  enableDataProtection: false,
};

export const notEnabledMessage =
  'Advanced webhooks are not enabled for this API key. Turn them on with Update Advanced Webhook Config (isEnabled: true).';

function view(row: WebhookConfigRow | undefined): AdvancedWebhookConfig {
  if (!row) return { ...defaultWebhookConfig };
  return {
    isEnabled: row.isEnabled,
    encryptData: row.encryptData,
    encodeData: row.encodeData,
    publicKey: row.publicKey,
    enableDataProtection: row.enableDataProtection,
  };
}

export async function getWebhookConfig(s: Services, apiKeyId: string) {
  return view(await readWebhookConfig(s.db, apiKeyId));
}

/** FAILED_PRECONDITION unless the API key has advanced webhooks turned on. */
export async function requireWebhooksEnabled(db: Db | Tx, apiKeyId: string): Promise<void> {
  const row = await readWebhookConfig(db, apiKeyId);
  if (!row?.isEnabled) throw new ServiceError('FAILED_PRECONDITION', notEnabledMessage);
}

/** The same check with the configuration locked, so that a limit counted after it holds. */
export async function lockEnabledWebhooks(tx: Tx, apiKeyId: string): Promise<void> {
  const row = await lockWebhookConfig(tx, apiKeyId);
  if (!row?.isEnabled) throw new ServiceError('FAILED_PRECONDITION', notEnabledMessage);
}

function checkPublicKey(publicKey: string): void {
  if (publicKey === '') return;
  try {
    parseRsaPublicKey(publicKey);
  } catch (err) {
    if (err instanceof PublicKeyError) throw invalidArgument(`data.publicKey ${err.message}`);
    throw err;
  }
}

/**
 * Merge-only update. A key that never configured the feature must turn it on with its first
 * update; encryption needs a public key to encrypt with, checked on the merged result.
 */
export async function updateWebhookConfig(s: Services, apiKeyId: string, input: ConfigUpdate) {
  if (input.publicKey !== undefined) checkPublicKey(input.publicKey);
  const saved = await s.db.transaction(async (tx) => {
    let current = await lockWebhookConfig(tx, apiKeyId);
    if (!current) {
      if (input.isEnabled !== true) {
        throw new ServiceError(
          'FAILED_PRECONDITION',
          'Advanced webhooks are not configured yet: the first update must set isEnabled to true.',
        );
      }
      await insertDefaultWebhookConfig(tx, apiKeyId, s.clock());
      current = await lockWebhookConfig(tx, apiKeyId);
      if (!current) throw new Error('webhook config row vanished inside its transaction');
    }
    const merged = { ...view(current), ...definedFields(input) };
    if (merged.encryptData && merged.publicKey.trim() === '') {
      throw invalidArgument('data.publicKey is required while encryptData is true.');
    }
    return writeWebhookConfig(tx, apiKeyId, { ...merged, updatedAt: s.clock() });
  });
  return view(saved);
}

function definedFields(input: ConfigUpdate): Partial<AdvancedWebhookConfig> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
}
