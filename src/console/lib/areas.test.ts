import { describe, expect, it } from 'vitest';
import { keyArea, keyAreaSections, keyAreas } from './areas';
import { isKeySegment, keySegments } from './key-segments';

describe('the pages of an API key', () => {
  it('are listed in navigation order, each with its label', () => {
    expect(keyAreas.map((area) => [area.segment, area.label])).toEqual([
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
      ['config', 'API key configuration'],
      ['permission-provider', 'Permission provider'],
      ['domains', 'Allowed domains'],
      ['webhook-service', 'Webhook service'],
      ['email-service', 'E-mail service'],
      ['activity-settings', 'Activity settings'],
    ]);
    expect(keySegments).toEqual(keyAreas.map((area) => area.segment));
  });

  it('are grouped: the key’s data untitled, then its settings under "Settings"', () => {
    expect(
      keyAreaSections.map(({ heading, pages }) => [heading, pages.map((page) => page.segment)]),
    ).toEqual([
      [
        undefined,
        [
          'webhooks',
          'organizations',
          'folders',
          'documents',
          'users',
          'user-data',
          'notifications',
          'activities',
          'agents',
          'memory',
        ],
      ],
      [
        'Settings',
        [
          'config',
          'permission-provider',
          'domains',
          'webhook-service',
          'email-service',
          'activity-settings',
        ],
      ],
    ]);
  });

  it('leave out the areas that are the workspace’s, not a key’s', () => {
    for (const segment of ['workspace', 'api-keys', 'audit-log', 'reference']) {
      expect(isKeySegment(segment), segment).toBe(false);
      expect(keyArea(segment), segment).toBeUndefined();
    }
    expect(keyArea('users')?.label).toBe('Users & groups');
  });
});
