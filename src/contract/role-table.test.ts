import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints';
import { roleTable } from './role-table';
import { maskSecret } from './roles';

const table = roleTable(allEndpoints);
const row = (name: string) => {
  const found = table.find((r) => r.endpoint === name);
  if (!found) throw new Error(`${name} is not in the role table`);
  return found.byRole;
};

describe('the role table (DESIGN.md § Team access)', () => {
  it('has a row for every endpoint that takes workspace or API-key credentials', () => {
    const named = allEndpoints.filter((e) => e.auth === 'workspace' || e.auth === 'apiKey');
    expect(table.map((r) => r.endpoint).sort()).toEqual(named.map((e) => e.name).sort());
  });

  it('lets viewers read, admins write and export, and only owners manage members', () => {
    expect(row('Get Documents')).toEqual({ viewer: 'call', admin: 'call', owner: 'call' });
    expect(row('Update API Key Config')).toEqual({
      viewer: 'refused',
      admin: 'call',
      owner: 'call',
    });
    expect(row('Create API Key')).toEqual({ viewer: 'refused', admin: 'call', owner: 'call' });
    expect(row('Delete All User Data')).toEqual({
      viewer: 'refused',
      admin: 'call',
      owner: 'call',
    });
    expect(row('Get All User Data')).toEqual({ viewer: 'refused', admin: 'call', owner: 'call' });
    expect(row('Get Audit Log')).toEqual({ viewer: 'refused', admin: 'call', owner: 'call' });
    expect(row('Get Members')).toEqual({ viewer: 'call', admin: 'call', owner: 'call' });
    for (const name of ['Invite Member', 'Update Member', 'Remove Member']) {
      expect(row(name), name).toEqual({ viewer: 'refused', admin: 'refused', owner: 'call' });
    }
    expect(row('Get Workspace Auth Token')).toEqual({
      viewer: 'refused',
      admin: 'refused',
      owner: 'call',
    });
  });

  it('masks secrets for the roles that may not see them', () => {
    expect(row('Get Auth Tokens')).toEqual({ viewer: 'masked', admin: 'call', owner: 'call' });
    expect(row('Get Advanced Webhook Endpoint Secret')).toEqual({
      viewer: 'masked',
      admin: 'call',
      owner: 'call',
    });
    // Through a session the root token is revealed only on purpose, by Get Workspace Auth Token.
    expect(row('Get Workspace')).toEqual({ viewer: 'masked', admin: 'masked', owner: 'masked' });
    expect(maskSecret('whsec_abcdefgh')).toBe('••••efgh');
  });

  it('refuses every write to viewers', () => {
    const writes = allEndpoints.filter(
      (e) => e.write && e.auth !== 'public' && e.auth !== 'session',
    );
    // Ending one's own sessions is the one write a viewer makes.
    const viewerWrites = writes.filter((e) => row(e.name).viewer !== 'refused').map((e) => e.name);
    expect(viewerWrites).toEqual(['Revoke Sessions']);
  });
});
