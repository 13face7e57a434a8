import { describe, expect, it } from 'vitest';
import { workspacePages } from '#contract/areas';
import { endpointsOf } from '#contract/endpoints';
import { leastRole } from '#contract/role-table';
import type { Role } from '#contract/roles';
import { keyArea, keyAreaSections, keyAreas, workspaceAreasFor } from './areas';
import { isKeySegment, keySegments } from './key-segments';

describe('the pages of an API key', () => {
  const dataPages = keyAreas.filter((area) => !area.section);
  const settingsPages = keyAreas.filter((area) => area.section === 'settings');

  it('list the key’s data first, in navigation order, each with its label', () => {
    const listed = dataPages.map((area) => [area.segment, area.label]);
    expect(listed).toEqual([
      ['webhooks', 'Advanced webhooks'],
      ['organizations', 'Organizations'],
      ['folders', 'Folders'],
      ['documents', 'Documents'],
      ['users', 'Users & groups'],
      ['user-data', 'User data'],
      ['notifications', 'Notifications'],
      ['activities', 'Activity logs'],
      ['agents', 'Agent executions'],
      ['memory', 'Decision suggestions'],
    ]);
  });

  it('list the key’s settings after them, under "Settings"', () => {
    expect(settingsPages.map((area) => [area.segment, area.label])).toEqual([
      ['config', 'API key configuration'],
      ['permission-provider', 'Permission provider'],
      ['domains', 'Allowed domains'],
      ['webhook-service', 'Webhook service'],
      ['email-service', 'E-mail service'],
      ['activity-settings', 'Activity settings'],
    ]);
    expect(keyAreas).toEqual([...dataPages, ...settingsPages]);
    expect(keyAreaSections).toEqual([
      { heading: undefined, pages: dataPages },
      { heading: 'Settings', pages: settingsPages },
    ]);
    expect(keySegments).toEqual(keyAreas.map((area) => area.segment));
  });

  it('leave out the areas that are the workspace’s, not a key’s', () => {
    for (const segment of ['workspace', 'api-keys', 'audit-log', 'reference']) {
      expect(isKeySegment(segment), segment).toBe(false);
      expect(keyArea(segment), segment).toBeUndefined();
    }
    expect(keyArea('users')?.label).toBe('Users & groups');
  });
});

describe('the workspace pages a role is offered', () => {
  const paths = (role: Role | undefined) => workspaceAreasFor(role).map((page) => page.path);

  it('leave out a page whose endpoints ask for more than the role', () => {
    expect(paths('viewer')).toEqual(['/audit-log', '/team', '/sessions']);
    expect(paths(undefined)).toEqual(paths('viewer'));
    expect(paths('admin')).toEqual(['/audit-log', '/team', '/status', '/sessions']);
    expect(paths('owner')).toEqual(paths('admin'));
  });

  it('ask for a page the least role its endpoints ask for', () => {
    const guarded = workspacePages.filter((page) => page.least !== undefined);
    expect(guarded.map((page) => page.path)).toEqual(['/status']);
    for (const page of guarded) {
      for (const endpoint of endpointsOf(page.area)) {
        expect(leastRole(endpoint), endpoint.name).toBe(page.least);
      }
    }
  });
});
