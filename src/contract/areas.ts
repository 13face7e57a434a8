/**
 * The areas of the service, in the console's navigation order: the one list of them. The `Area`
 * type, the endpoint list (endpoints.ts), the server's modules (server/service-modules.ts) and the
 * console's navigation and key pages (console/lib/areas.ts, key-segments.ts) are all made from it;
 * those that keep something of their own per area keep a `Record<Area, …>`, so that an area left
 * out there does not compile. An area's name is also the name of its contract file, its server
 * module's folder and its console feature's folder.
 *
 * This file imports nothing but a type: the console's first load carries it (for the navigation),
 * and must not carry the endpoints' schemas with it.
 */
import type { Role } from './roles';

/**
 * The sections a key's pages are grouped in: the key's data first, untitled, then its settings.
 * A key's pages are listed section by section, each section's pages in the order written here.
 */
export const keyPageSections = [
  { section: undefined, heading: undefined },
  { section: 'settings', heading: 'Settings' },
] as const;
export type KeyPageSection = NonNullable<(typeof keyPageSections)[number]['section']>;

/** A page of one API key, at `/keys/$apiKeyId/<segment>`. */
interface KeyPage {
  segment: string;
  /** Its name in the navigation, the palette and the key's overview. */
  label: string;
  /** Listed under that section's heading; absent, among the key's data pages. */
  section?: KeyPageSection;
}

/** A page of the workspace, outside any key, at a path of its own. */
interface WorkspacePage {
  path: `/${string}`;
  label: string;
  /** The least role the navigation offers it to (its endpoint's `access.least`); absent, anyone. */
  least?: Role;
}

/** Every area has a console page: one or more of an API key, or one of the workspace. */
type AreaEntry = { keyPages: readonly [KeyPage, ...KeyPage[]] } | { workspacePage: WorkspacePage };

export const areaRegistry = {
  workspace: { workspacePage: { path: '/', label: 'Workspace' } },
  'api-keys': {
    keyPages: [
      { segment: 'config', label: 'API key configuration', section: 'settings' },
      { segment: 'permission-provider', label: 'Permission provider', section: 'settings' },
      { segment: 'domains', label: 'Allowed domains', section: 'settings' },
    ],
  },
  webhooks: {
    keyPages: [
      { segment: 'webhooks', label: 'Advanced webhooks' },
      { segment: 'webhook-service', label: 'Webhook service', section: 'settings' },
    ],
  },
  organizations: { keyPages: [{ segment: 'organizations', label: 'Organizations' }] },
  folders: { keyPages: [{ segment: 'folders', label: 'Folders' }] },
  documents: { keyPages: [{ segment: 'documents', label: 'Documents' }] },
  users: { keyPages: [{ segment: 'users', label: 'Users & groups' }] },
  'user-data': { keyPages: [{ segment: 'user-data', label: 'User data' }] },
  notifications: { keyPages: [{ segment: 'notifications', label: 'Notifications' }] },
  'email-service': {
    keyPages: [{ segment: 'email-service', label: 'E-mail service', section: 'settings' }],
  },
  activities: {
    keyPages: [
      { segment: 'activities', label: 'Activity logs' },
      { segment: 'activity-settings', label: 'Activity settings', section: 'settings' },
    ],
  },
  agents: { keyPages: [{ segment: 'agents', label: 'Agent executions' }] },
  memory: { keyPages: [{ segment: 'memory', label: 'Decision suggestions' }] },
  'audit-log': { workspacePage: { path: '/audit-log', label: 'Audit log' } },
  team: { workspacePage: { path: '/team', label: 'Team' } },
  status: { workspacePage: { path: '/status', label: 'Status', least: 'admin' } },
  sessions: { workspacePage: { path: '/sessions', label: 'Your sessions' } },
} as const satisfies Record<string, AreaEntry>;

export type Area = keyof typeof areaRegistry;

type Entry = (typeof areaRegistry)[Area];

/** The segment of every key page, `/keys/$apiKeyId/<segment>`. */
export type KeySegment = Extract<Entry, { keyPages: unknown }>['keyPages'][number]['segment'];

/** The path of every workspace page. */
export type WorkspacePath = Extract<Entry, { workspacePage: unknown }>['workspacePage']['path'];

/** Every area, in navigation order (an object's string keys keep the order they were written in). */
export const areas = Object.keys(areaRegistry) as readonly Area[];

export interface AreaKeyPage {
  area: Area;
  segment: KeySegment;
  label: string;
  section?: KeyPageSection;
}

export interface AreaWorkspacePage {
  area: Area;
  path: WorkspacePath;
  label: string;
  least?: Role;
}

const pagesInAreaOrder: readonly AreaKeyPage[] = areas.flatMap((area) => {
  const entry: Entry = areaRegistry[area];
  return 'keyPages' in entry ? entry.keyPages.map((page): AreaKeyPage => ({ area, ...page })) : [];
});

/** The pages of one API key, in navigation order: section by section, each in area order. */
export const keyPages: readonly AreaKeyPage[] = keyPageSections.flatMap(({ section }) =>
  pagesInAreaOrder.filter((page) => page.section === section),
);

/** The pages of the workspace, in navigation order. */
export const workspacePages: readonly AreaWorkspacePage[] = areas.flatMap((area) => {
  const entry: Entry = areaRegistry[area];
  return 'workspacePage' in entry ? [{ area, ...entry.workspacePage }] : [];
});
