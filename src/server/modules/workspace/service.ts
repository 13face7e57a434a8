import { type Workspace, defaultApiKeyName } from '#contract/workspace';
import { type CreateWorkspaceRequest } from '#contract/workspace-access';
import { deepFreeze } from '../../cache';
import { newId } from '../../crypto/secrets';
import { ServiceError } from '../../http/service-error';
import { deliverableAddress } from '../../mail/addresses';
import type { Services } from '../../services';
import {
  type ApiKeyRow,
  type WorkspaceRow,
  countProductionKeys,
  insertApiKey,
} from '../../rows/tenant-store';
import { lockOwner, maxWorkspacesPerEmail, workspaceNameTaken } from '../../rows/owner-store';
import {
  findWorkspaceWithOwner,
  insertOwnerMember,
  insertWorkspace,
  listApiKeys,
  listOwnerWorkspaces,
} from './store';

export function toWorkspace(
  s: Services,
  row: WorkspaceRow,
  keys: ApiKeyRow[],
  ownerId: string,
): Workspace {
  return {
    id: row.id,
    name: row.name,
    owner: { email: row.ownerEmail, id: ownerId, name: row.ownerName, avatar: row.ownerAvatar },
    authToken: s.secrets.decrypt(row.authTokenEnc),
    apiKeyList: Object.fromEntries(
      keys.map((k) => [k.id, { apiKeyName: k.name, id: k.id, type: k.type }]),
    ),
  };
}

export async function createWorkspace(
  s: Services,
  input: CreateWorkspaceRequest,
): Promise<Workspace> {
  const email = deliverableAddress(input.ownerEmail);
  const ownerName = input.name ?? email;
  const workspaceName = input.workspaceName ?? `${input.name ?? email} workspace`;
  const now = s.clock();

  return s.db.transaction(async (tx) => {
    const owner = await lockOwner(tx, email, newId('usr'), now);
    const existing = await listOwnerWorkspaces(tx, email);
    if (existing.length >= maxWorkspacesPerEmail) {
      throw new ServiceError(
        'RESOURCE_EXHAUSTED',
        `An e-mail may own at most ${maxWorkspacesPerEmail} workspaces.`,
      );
    }
    const root = existing[0];
    if (root && (await countProductionKeys(tx, root.id)) === 0) {
      throw new ServiceError(
        'PERMISSION_DENIED',
        'An additional workspace needs the root workspace of this e-mail to be on a paid plan.',
      );
    }
    if (await workspaceNameTaken(tx, email, workspaceName)) {
      throw new ServiceError(
        'ALREADY_EXISTS',
        'A workspace with this name already exists for this e-mail.',
      );
    }

    const workspaceToken = s.secrets.newToken('wst');
    const row: WorkspaceRow = {
      id: newId('ws'),
      ownerEmail: email,
      name: workspaceName,
      ownerName,
      ownerAvatar: input.avatar ?? '',
      authTokenEnc: s.secrets.encrypt(workspaceToken),
      authTokenHash: s.secrets.lookupHash(workspaceToken),
      createdAt: now,
    };
    await insertWorkspace(tx, row);
    await insertOwnerMember(tx, row.id, email, now);
    const keyToken = s.secrets.newToken('akt');
    const key: ApiKeyRow = {
      id: newId('ak'),
      workspaceId: row.id,
      name: defaultApiKeyName(email),
      type: 'testing',
      tokenName: 'Default Auth Token',
      authTokenEnc: s.secrets.encrypt(keyToken),
      authTokenHash: s.secrets.lookupHash(keyToken),
      disabled: false,
      createdAt: now,
    };
    await insertApiKey(tx, key);
    return toWorkspace(s, row, [key], owner.id);
  });
}

export async function getWorkspace(s: Services, workspaceId: string): Promise<Workspace> {
  const cached = s.cache?.workspaceView.get(workspaceId);
  if (cached) return cached;
  const found = await findWorkspaceWithOwner(s.db, workspaceId);
  if (!found) throw new ServiceError('NOT_FOUND', 'Workspace not found.');
  const view = toWorkspace(s, found.workspace, await listApiKeys(s.db, workspaceId), found.ownerId);
  if (!s.cache) return view;
  s.cache.workspaceView.set(workspaceId, deepFreeze(view));
  return view;
}

/**
 * The workspace token alone: the owner's deliberate reveal, where a read of the workspace through
 * a session masks it.
 */
export async function getWorkspaceAuthToken(s: Services, workspaceId: string) {
  const { id, authToken } = await getWorkspace(s, workspaceId);
  return { workspaceId: id, authToken };
}
