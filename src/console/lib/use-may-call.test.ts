import { describe, expect, it } from 'vitest';
import { getAuditLog } from '#contract/audit-log';
import { allEndpoints } from '#contract/endpoints';
import { mayCall, refusalMessage } from '#contract/role-table';
import { roles } from '#contract/roles';
import { getSessions, signOut } from '#contract/sessions';
import { inviteMember } from '#contract/team';
import { getWorkspace } from '#contract/workspace';
import { createWorkspace } from '#contract/workspace-access';
import { updateApiKeyConfig } from '#contract/api-keys';
import { permissionOf } from './use-may-call';

describe('permissionOf', () => {
  it('offers a role exactly what the role table lets it call, with the service’s refusal', () => {
    for (const endpoint of allEndpoints) {
      if (endpoint.auth === 'public' || endpoint.auth === 'session') continue;
      for (const role of roles) {
        const permission = permissionOf(role, endpoint);
        expect(permission.allowed, `${role} × ${endpoint.name}`).toBe(mayCall(role, endpoint));
        if (!permission.allowed) expect(permission.reason).toBe(refusalMessage(role, endpoint));
      }
    }
  });

  it('names the role in the reason, as the service does', () => {
    expect(permissionOf('viewer', updateApiKeyConfig)).toEqual({
      allowed: false,
      reason: 'Viewers cannot change settings.',
    });
    expect(permissionOf('admin', inviteMember).reason).toBe('Admins cannot manage members.');
    expect(permissionOf('viewer', getAuditLog).reason).toBe('Viewers cannot read the audit log.');
    expect(permissionOf('viewer', getWorkspace).allowed).toBe(true);
  });

  it('lets anyone call what takes no role: a public endpoint, one about the person', () => {
    for (const role of [...roles, undefined]) {
      expect(permissionOf(role, createWorkspace).allowed).toBe(true);
      expect(permissionOf(role, signOut).allowed).toBe(true);
    }
  });

  it('refuses a person’s endpoint to the workspace token, and anything to a former member', () => {
    expect(permissionOf('owner', getSessions, true).allowed).toBe(false);
    expect(permissionOf('owner', getSessions).allowed).toBe(true);
    expect(permissionOf(undefined, getWorkspace)).toEqual({
      allowed: false,
      reason: 'You are no longer a member of this workspace.',
    });
  });
});
