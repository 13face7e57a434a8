import type { z } from 'zod';
import type {
  AiModelsConfig,
  ApiKeyConfig,
  ApiKeyConfigUpdate,
  PermissionProviderConfig,
  updateApiKeyConfigRequest,
  updatePermissionProviderConfigRequest,
} from '#contract/api-keys';
import { maskSecret } from '../../crypto/mask';
import { changedFields } from '../../audit/audit-entry';
import type { AuditNote } from '../../audit/audit-note';
import type { SealedAiKeys } from '../../db/schema/schema';
import type { Services } from '../../services';
import { countProductionKeys, findWorkspace } from '../../rows/tenant-store';
import { type ApiKeyConfigRow, changeConfig, readConfig } from './config-store';

type ConfigUpdate = z.output<typeof updateApiKeyConfigRequest>;
type ProviderUpdate = z.output<typeof updatePermissionProviderConfigRequest>;

function aiModelsConfig(keys: SealedAiKeys): AiModelsConfig | undefined {
  const entries = Object.entries(keys);
  if (entries.length === 0) return undefined;
  return Object.fromEntries(
    entries.map(([provider, key]) => [provider, { displayText: key.displayText }]),
  );
}

export async function getApiKeyConfig(
  s: Services,
  auth: { workspaceId: string; apiKeyId: string },
): Promise<ApiKeyConfig> {
  const [config, workspace, productionKeys] = await Promise.all([
    readConfig(s.db, auth.apiKeyId),
    findWorkspace(s.db, auth.workspaceId),
    countProductionKeys(s.db, auth.workspaceId),
  ]);
  const models = aiModelsConfig(config.aiKeys);
  return {
    ownerEmail: workspace?.ownerEmail ?? '',
    planInfo: { type: productionKeys > 0 ? 'paid' : 'free' },
    defaultDocumentAccessType: config.defaultDocumentAccessType,
    isPrivateCommentsEnabled: config.enablePrivateComments,
    requireJwtToken: config.requireJwtToken,
    requireAutoOrgUser: config.requireAutoOrgUser,
    ...(models ? { aiModelsConfig: models } : {}),
  };
}

/**
 * Merge-only update (rules 3–6): fields not sent keep their values, AI keys are added or replaced
 * per provider and sealed, and the answer echoes what the sent fields now hold.
 */
export async function updateApiKeyConfig(
  s: Services,
  apiKeyId: string,
  input: ConfigUpdate,
  note: AuditNote,
): Promise<ApiKeyConfigUpdate> {
  const onlyPrivateComments =
    input.enablePrivateComments !== undefined && Object.keys(input).length === 1;
  if (onlyPrivateComments) {
    const current = await readConfig(s.db, apiKeyId);
    if (current.enablePrivateComments === input.enablePrivateComments) {
      return { enablePrivateComments: current.enablePrivateComments };
    }
  }
  let addedAiKeys: SealedAiKeys | undefined;
  for (const entry of input.aiModelApiKey ?? []) {
    addedAiKeys ??= {};
    addedAiKeys[entry.provider] = {
      enc: s.secrets.encrypt(entry.customerApiKey),
      displayText: maskSecret(entry.customerApiKey),
    };
  }
  const { before, after: saved } = await changeConfig(
    s.db,
    apiKeyId,
    {
      ...(input.enablePrivateComments !== undefined
        ? { enablePrivateComments: input.enablePrivateComments }
        : {}),
      ...(input.requireJwtToken !== undefined ? { requireJwtToken: input.requireJwtToken } : {}),
      ...(input.requireAutoOrgUser !== undefined
        ? { requireAutoOrgUser: input.requireAutoOrgUser }
        : {}),
      ...(input.defaultDocumentAccessType !== undefined
        ? { defaultDocumentAccessType: input.defaultDocumentAccessType }
        : {}),
      updatedAt: s.clock(),
    },
    addedAiKeys,
  );
  note.changes(changedFields(auditView(before), auditView(saved)));
  return echo(saved, input);
}

function echo(saved: ApiKeyConfigRow, input: ConfigUpdate): ApiKeyConfigUpdate {
  const out: ApiKeyConfigUpdate = {};
  if (input.enablePrivateComments !== undefined)
    out.enablePrivateComments = saved.enablePrivateComments;
  if (input.requireJwtToken !== undefined) out.requireJwtToken = saved.requireJwtToken;
  if (input.requireAutoOrgUser !== undefined) out.requireAutoOrgUser = saved.requireAutoOrgUser;
  if (input.defaultDocumentAccessType !== undefined) {
    out.defaultDocumentAccessType = saved.defaultDocumentAccessType;
  }
  if (input.aiModelApiKey) out.aiModelsConfig = aiModelsConfig(saved.aiKeys) ?? {};
  return out;
}

/** The settings of a key as its audit entries compare them: secrets only as their stored masks. */
function auditView(row: ApiKeyConfigRow): Record<string, unknown> {
  return {
    enablePrivateComments: row.enablePrivateComments,
    requireJwtToken: row.requireJwtToken,
    requireAutoOrgUser: row.requireAutoOrgUser,
    defaultDocumentAccessType: row.defaultDocumentAccessType,
    aiModelsConfig: aiModelsConfig(row.aiKeys) ?? {},
    usePermissionProvider: row.usePermissionProvider,
    permissionProviderUrl: row.permissionProviderUrl,
    permissionProviderToken: row.permissionProviderTokenMask,
  };
}

function permissionProvider(row: ApiKeyConfigRow): PermissionProviderConfig {
  return {
    usePermissionProvider: row.usePermissionProvider,
    permissionProviderConfig: {
      permissionProviderUrl: row.permissionProviderUrl,
      authToken: row.permissionProviderTokenMask,
    },
  };
}

export async function getPermissionProviderConfig(s: Services, apiKeyId: string) {
  return permissionProvider(await readConfig(s.db, apiKeyId));
}

export async function updatePermissionProviderConfig(
  s: Services,
  apiKeyId: string,
  input: ProviderUpdate,
  note: AuditNote,
) {
  const provider = input.permissionProviderConfig;
  const { before, after: saved } = await changeConfig(s.db, apiKeyId, {
    ...(input.usePermissionProvider !== undefined
      ? { usePermissionProvider: input.usePermissionProvider }
      : {}),
    ...(provider?.permissionProviderUrl !== undefined
      ? { permissionProviderUrl: provider.permissionProviderUrl }
      : {}),
    ...(provider?.authToken !== undefined
      ? {
          permissionProviderTokenEnc: provider.authToken
            ? s.secrets.encrypt(provider.authToken)
            : null,
          permissionProviderTokenMask: provider.authToken ? maskSecret(provider.authToken) : '',
        }
      : {}),
    updatedAt: s.clock(),
  });
  note.changes(changedFields(auditView(before), auditView(saved)));
  return permissionProvider(saved);
}
