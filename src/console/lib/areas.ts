/**
 * Every area of the console, in navigation order. `built: false` areas are listed (and reachable)
 * so that users see what is coming; their page says plainly that it is not built yet. An area that
 * gets built adds its own route file, which takes precedence over the `/$area` placeholder route.
 */
export const areas = [
  { slug: 'workspace', path: '/', label: 'Workspace', built: true },
  { slug: 'api-keys', path: '/api-keys', label: 'API key configuration', built: true },
  {
    slug: 'permission-provider',
    path: '/permission-provider',
    label: 'Permission provider',
    built: true,
  },
  { slug: 'webhooks', path: '/webhooks', label: 'Advanced webhooks', built: true },
  { slug: 'organizations', path: '/organizations', label: 'Organizations', built: false },
  { slug: 'folders', path: '/folders', label: 'Folders', built: false },
  { slug: 'documents', path: '/documents', label: 'Documents', built: false },
  { slug: 'users', path: '/users', label: 'Users & groups', built: false },
  { slug: 'user-data', path: '/user-data', label: 'User data', built: false },
  { slug: 'notifications', path: '/notifications', label: 'Notifications', built: false },
  { slug: 'activities', path: '/activities', label: 'Activity logs', built: false },
  { slug: 'agents', path: '/agents', label: 'Agent executions', built: false },
  { slug: 'memory', path: '/decision-suggestions', label: 'Decision suggestions', built: false },
] as const;

export type Area = (typeof areas)[number];

/** The placeholder page's area for a path segment, if that segment names an area not built yet. */
export function unbuiltArea(segment: string): Area | undefined {
  return areas.find((area) => !area.built && area.path === `/${segment}`);
}
