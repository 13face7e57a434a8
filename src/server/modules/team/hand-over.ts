import type { AuditNote } from '../../audit/audit-note';
import { newId } from '../../crypto/secrets';
import { afterCommit } from '../../db/ambient-transaction';
import type { Tx } from '../../db/transaction';
import { ServiceError } from '../../http/service-error';
import {
  countOwnedWorkspaces,
  lockOwner,
  maxWorkspacesPerEmail,
  workspaceNameTaken,
} from '../../rows/owner-store';
import type { Services } from '../../services';
import { statusOf } from './member-view';
import type { LockedWorkspace, MemberRow } from './store';
import { demoteOwner, setRole, setWorkspaceOwner } from './store';

const refused = (message: string) => new ServiceError('FAILED_PRECONDITION', message);

/**
 * Hands the workspace to `member`, an active admin: they become its owner and the owner an
 * admin, and `workspaces.owner_email` follows, which the API keys' credential reads (the
 * unverified-key grace counts from the new owner's row) and which names are unique under. Runs in
 * the caller's transaction, under the workspace's lock; every refusal comes before a write.
 */
export async function handOver(
  s: Services,
  tx: Tx,
  target: { workspaceId: string; workspace: LockedWorkspace; member: MemberRow; now: Date },
  audit: AuditNote,
): Promise<MemberRow> {
  const { workspaceId, workspace, member, now } = target;
  const email = member.email;
  if (statusOf(member, now) !== 'active' || !member.joinedAt) {
    throw refused(`Ownership goes only to an active admin: ${email} has not signed in yet.`);
  }
  if (member.role !== 'admin') {
    throw refused(`Ownership goes only to an active admin: make ${email} an admin first.`);
  }
  // Serialised with Create Workspace and other hand-overs to the same address. Signing in
  // through a login link proved the address, as verification does, so the workspace's keys are
  // not suspended for an unverified owner.
  await lockOwner(tx, email, newId('usr'), now, member.joinedAt);
  if ((await countOwnedWorkspaces(tx, email)) >= maxWorkspacesPerEmail) {
    throw refused(
      `${email} already owns ${maxWorkspacesPerEmail} workspaces, the most an e-mail may own.`,
    );
  }
  if (await workspaceNameTaken(tx, email, workspace.name)) {
    throw refused(
      `${email} already owns a workspace named "${workspace.name}", and an owner's workspaces need different names.`,
    );
  }
  await demoteOwner(tx, workspaceId);
  const row = await setRole(tx, workspaceId, email, 'owner');
  await setWorkspaceOwner(tx, workspaceId, email);
  audit.changes({
    role: { from: 'admin', to: 'owner' },
    owner: { from: workspace.ownerEmail, to: email },
  });
  afterCommit(() => {
    // The view names the owner; the keys' credentials carry the owner's verification.
    s.cache?.workspaceView.delete(workspaceId);
    s.credentialCache.apiKeyCredential.clear();
  });
  return row;
}
