import { type KeySegment, keySegments } from './key-segments';

export interface KeyArea {
  segment: KeySegment;
  label: string;
  /**
   * Areas not built yet are listed (and reachable) so that users see what is coming; their page
   * says plainly that it is not built yet. An area that gets built adds its route file, which
   * takes precedence over the `$area` page, and turns this on.
   */
  built: boolean;
}

const details: Record<KeySegment, Omit<KeyArea, 'segment'>> = {
  config: { label: 'API key configuration', built: true },
  'permission-provider': { label: 'Permission provider', built: true },
  webhooks: { label: 'Advanced webhooks', built: true },
  organizations: { label: 'Organizations', built: true },
  folders: { label: 'Folders', built: true },
  documents: { label: 'Documents', built: true },
  users: { label: 'Users & groups', built: true },
  'user-data': { label: 'User data', built: true },
  notifications: { label: 'Notifications', built: true },
  activities: { label: 'Activity logs', built: true },
  agents: { label: 'Agent executions', built: true },
  memory: { label: 'Decision suggestions', built: true },
};

/** The pages of one API key, in navigation order. */
export const keyAreas: readonly KeyArea[] = keySegments.map((segment) => ({
  segment,
  ...details[segment],
}));

export function keyArea(segment: string): KeyArea | undefined {
  return keyAreas.find((area) => area.segment === segment);
}

/** The placeholder page's area for a segment, if that segment names an area not built yet. */
export function unbuiltArea(segment: string): KeyArea | undefined {
  const area = keyArea(segment);
  return area && !area.built ? area : undefined;
}
