import { eq } from 'drizzle-orm';
import { type AuthToken, MAX_NON_PRODUCTION_KEYS, MAX_PRODUCTION_KEYS } from '#contract/api-keys';
import { type ApiKeyType, defaultApiKeyName } from '#contract/workspace';
import { newId } from '../../crypto/secrets';
import { workspaces } from '../../db/schema/schema';
import { ServiceError } from '../../http/service-error';
import type { Services } from '../../services';
import { type ApiKeyRow, countProductionKeys, insertApiKey } from '../../rows/tenant-store';
import { countNonProductionKeys, findWorkspaceKey, replaceToken } from './store';
import { allowedDomainsOf } from './domains-store';

/** A key's token as the API shows it, carrying the domains the key allows (Add Domains). */
async function tokenObject(s: Services, key: ApiKeyRow): Promise<AuthToken> {
  return {
    token: s.secrets.decrypt(key.authTokenEnc),
    name: key.tokenName,
    domains: await allowedDomainsOf(s.db, key.id),
  };
}

async function requireKey(s: Services, workspaceId: string, apiKeyId: string): Promise<ApiKeyRow> {
  const key = await findWorkspaceKey(s.db, workspaceId, apiKeyId);
  if (!key) throw new ServiceError('NOT_FOUND', 'API key not found.');
  return key;
}

export async function getAuthTokens(s: Services, workspaceId: string, apiKeyId: string) {
  const key = await requireKey(s, workspaceId, apiKeyId);
  return { apiKey: key.id, authTokens: [await tokenObject(s, key)] };
}

export async function resetAuthToken(s: Services, workspaceId: string, apiKeyId: string) {
  const key = await requireKey(s, workspaceId, apiKeyId);
  const token = s.secrets.newToken('akt');
  const sealed = { enc: s.secrets.encrypt(token), hash: s.secrets.lookupHash(token) };
  await replaceToken(s.db, key.id, sealed);
  s.credentialCache.apiKeyCredential.delete(key.id);
  return {
    apiKey: key.id,
    newAuthToken: await tokenObject(s, { ...key, authTokenEnc: sealed.enc }),
  };
}

export async function createApiKey(
  s: Services,
  workspaceId: string,
  input: { type: ApiKeyType; apiKeyName?: string | undefined },
) {
  const created = await s.db.transaction(async (tx) => {
    // Locking the workspace row serialises concurrent creates, so the key limit holds.
    const [workspace] = await tx
      .select({ id: workspaces.id, ownerEmail: workspaces.ownerEmail })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update');
    if (!workspace) throw new ServiceError('NOT_FOUND', 'Workspace not found.');
    const production = input.type === 'production';
    const max = production ? MAX_PRODUCTION_KEYS : MAX_NON_PRODUCTION_KEYS;
    const held = production
      ? await countProductionKeys(tx, workspaceId)
      : await countNonProductionKeys(tx, workspaceId);
    if (held >= max) {
      throw new ServiceError(
        'RESOURCE_EXHAUSTED',
        `A workspace may have at most ${max} ${production ? 'production' : 'non-production'} API keys.`,
      );
    }
    const token = s.secrets.newToken('akt');
    const fallbackName = defaultApiKeyName(workspace.ownerEmail, input.type);
    const id = newId('ak');
    await insertApiKey(tx, {
      id,
      workspaceId,
      name: input.apiKeyName ?? fallbackName,
      type: input.type,
      authTokenEnc: s.secrets.encrypt(token),
      authTokenHash: s.secrets.lookupHash(token),
      createdAt: s.clock(),
    });
    return { apiKey: id };
  });
  s.cache?.workspaceView.delete(workspaceId);
  return created;
}
