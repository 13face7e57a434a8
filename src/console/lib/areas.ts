import { type KeySegment, keySegments } from './key-segments';

export interface KeyArea {
  segment: KeySegment;
  label: string;
}

const details: Record<KeySegment, Omit<KeyArea, 'segment'>> = {
  config: { label: 'API key configuration' },
  'permission-provider': { label: 'Permission provider' },
  webhooks: { label: 'Advanced webhooks' },
  organizations: { label: 'Organizations' },
  folders: { label: 'Folders' },
  documents: { label: 'Documents' },
  users: { label: 'Users & groups' },
  'user-data': { label: 'User data' },
  notifications: { label: 'Notifications' },
  activities: { label: 'Activity logs' },
  agents: { label: 'Agent executions' },
  memory: { label: 'Decision suggestions' },
};

/** The pages of one API key, in navigation order. */
export const keyAreas: readonly KeyArea[] = keySegments.map((segment) => ({
  segment,
  ...details[segment],
}));

export function keyArea(segment: string): KeyArea | undefined {
  return keyAreas.find((area) => area.segment === segment);
}
