import { describe, expect, it } from 'vitest';
import { keyArea, keyAreas } from './areas';
import { isKeySegment, keySegments } from './key-segments';

describe('the pages of an API key', () => {
  it('are listed in navigation order, each with its label', () => {
    expect(keyAreas.map((area) => [area.segment, area.label])).toEqual([
      ['config', 'API key configuration'],
      ['permission-provider', 'Permission provider'],
      ['webhooks', 'Advanced webhooks'],
      ['webhook-service', 'Webhook service'],
      ['organizations', 'Organizations'],
      ['folders', 'Folders'],
      ['documents', 'Documents'],
      ['users', 'Users & groups'],
      ['user-data', 'User data'],
      ['notifications', 'Notifications'],
      ['activities', 'Activity logs'],
      ['agents', 'Agent executions'],
      ['memory', 'Decision suggestions'],
      ['email-service', 'E-mail service'],
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
