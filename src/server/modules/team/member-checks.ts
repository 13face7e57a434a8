import { ServiceError } from '../../http/service-error';
import type { Tx } from '../../db/transaction';
import { type LockedWorkspace, lockWorkspace } from './store';

/** The workspace, locked for the call's changes to its members. */
export async function requireWorkspace(tx: Tx, workspaceId: string): Promise<LockedWorkspace> {
  const workspace = await lockWorkspace(tx, workspaceId);
  if (!workspace) throw new ServiceError('NOT_FOUND', 'Workspace not found.');
  return workspace;
}

export function unknownMember(email: string): ServiceError {
  return new ServiceError(
    'NOT_FOUND',
    `${email} is neither a member of this workspace nor invited to it.`,
  );
}
