import type { User } from '#contract/common';
import type { AddNotificationsRequest } from '#contract/notifications';
import {
  COMMENT_LINES,
  FIRST_NAMES,
  FOLDER_NAMES,
  GROUP_NAMES,
  LAST_NAMES,
  ORGANIZATION_NAMES,
  type Random,
  documentName,
  randomSource,
} from './names';
import {
  type DemoActivity,
  type DemoReaction,
  type DemoRecording,
  demoFeatureData,
} from './demo-feature-data';

/**
 * The demo workspace at scale 1, as docs/demo-data.md gives it; `--scale` multiplies each
 * count, and the folders, documents and users are shared out over the organizations.
 */
export const DEMO_COUNTS = { organizations: 3, folders: 300, documents: 2000, users: 500 } as const;
const GROUPS_PER_ORGANIZATION = 5;
const MAX_FOLDER_DEPTH = 5;

type OrganizationCounts = Record<'folders' | 'documents' | 'users', number>;

export interface DemoFolder {
  folderId: string;
  folderName: string;
  parentFolderId: string;
  depth: number;
  accessType?: 'public' | 'restricted';
}

export interface DemoDocument {
  documentId: string;
  documentName: string;
  folderId: string | undefined;
  userIds: string[];
}

export interface DemoAnnotation {
  documentId: string;
  annotationId: string;
  comments: { commentText: string; from: User }[];
}

/** One notification's Add Notifications fields, besides its organization. */
export type DemoNotification = Omit<AddNotificationsRequest, 'organizationId'> & {
  notificationId: string;
};

export interface DemoOrganization {
  organizationId: string;
  organizationName: string;
  folders: DemoFolder[];
  documents: DemoDocument[];
  users: (User & { name: string; email: string })[];
  groups: { groupId: string; groupName: string; userIds: string[] }[];
  annotations: DemoAnnotation[];
  reactions: DemoReaction[];
  recordings: DemoRecording[];
  activities: DemoActivity[];
  notifications: DemoNotification[];
}

const scaled = (count: number, scale: number) => Math.max(1, Math.round(count * scale));

/** The `index`th of `parts` shares of `total`: the first ones take one each of what is left over. */
const share = (total: number, parts: number, index: number) =>
  Math.floor(total / parts) + (index < total % parts ? 1 : 0);

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/**
 * The demo workspace's data, the same on every run for a scale (ids included), which is what
 * makes seeding twice add nothing the second time.
 */
export function demoWorkspace(scale: number): DemoOrganization[] {
  const organizations = scaled(DEMO_COUNTS.organizations, scale);
  // At least one of each per organization.
  const total = (count: number) => Math.max(organizations, Math.round(count * scale));
  const totals = {
    folders: total(DEMO_COUNTS.folders),
    documents: total(DEMO_COUNTS.documents),
    users: total(DEMO_COUNTS.users),
  };
  return Array.from({ length: organizations }, (_, n) => {
    const base = ORGANIZATION_NAMES[n % ORGANIZATION_NAMES.length] ?? 'Organization';
    const round = Math.floor(n / ORGANIZATION_NAMES.length);
    const organizationName = round === 0 ? base : `${base} ${round + 1}`;
    const counts = {
      folders: share(totals.folders, organizations, n),
      documents: share(totals.documents, organizations, n),
      users: share(totals.users, organizations, n),
    };
    return demoOrganization(slug(organizationName), organizationName, counts, n + 1);
  });
}

function demoOrganization(
  organizationId: string,
  organizationName: string,
  counts: OrganizationCounts,
  seed: number,
): DemoOrganization {
  const r = randomSource(seed);
  const folders = folderTree(r, organizationId, counts.folders);
  const users = Array.from({ length: counts.users }, (_, i) => {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const local = `${first}.${last}`
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z.]/g, '');
    return {
      userId: `${organizationId}-u${i + 1}`,
      name: `${first} ${last}`,
      email: `${local}.${i + 1}@${organizationId}.example.com`,
    };
  });
  const documents = Array.from({ length: counts.documents }, (_, i) => {
    // Most documents sit in a folder; a few at the top level of the organization.
    const folder = r.next() < 0.9 ? r.pick(folders) : undefined;
    const members = new Set<string>();
    const count = r.int(1, 4);
    while (members.size < Math.min(count, users.length)) members.add(r.pick(users).userId);
    return {
      documentId: `${organizationId}-d${i + 1}`,
      documentName: documentName(r),
      folderId: folder?.folderId,
      userIds: [...members],
    };
  });
  const groups = GROUP_NAMES.slice(0, GROUPS_PER_ORGANIZATION).map((groupName) => ({
    groupId: `${organizationId}-${slug(groupName)}`,
    groupName,
    userIds: [] as string[],
  }));
  for (const user of users) {
    r.pick(groups).userIds.push(user.userId);
    if (r.next() < 0.3) {
      const second = r.pick(groups);
      if (!second.userIds.includes(user.userId)) second.userIds.push(user.userId);
    }
  }
  const byId = new Map(users.map((u) => [u.userId, u]));
  const annotations = documents
    .filter(() => r.next() < 0.3)
    .flatMap((doc) =>
      Array.from({ length: r.int(1, 3) }, (_, a) => ({
        documentId: doc.documentId,
        annotationId: `${doc.documentId}-a${a + 1}`,
        comments: Array.from({ length: r.int(1, 4) }, () => {
          const from = byId.get(r.pick(doc.userIds)) ?? r.pick(users);
          const mentioned = byId.get(r.pick(doc.userIds));
          const line = r.pick(COMMENT_LINES);
          const commentText =
            mentioned && mentioned.userId !== from.userId && r.next() < 0.5
              ? `@${mentioned.name} ${line}`
              : line;
          return { commentText, from };
        }),
      })),
    );
  // Drawn after everything above, so that the rest of the plan stays what it was.
  const features = demoFeatureData(r, documents, users, annotations);
  const notifications = documents
    .filter(() => r.next() < 0.1)
    .map((doc, i): DemoNotification => {
      const from = byId.get(r.pick(doc.userIds)) ?? r.pick(users);
      const others = doc.userIds
        .filter((id) => id !== from.userId)
        .flatMap((id) => byId.get(id) ?? []);
      // A few go to the whole organization; the others to the document's other members.
      const notifyAll = others.length === 0 || i % 10 === 0;
      return {
        notificationId: `${doc.documentId}-n1`,
        documentId: doc.documentId,
        actionUser: from,
        displayHeadlineMessageTemplate: notifyAll
          ? '{actionUser} published {documentName}'
          : '{actionUser} shared {documentName} with you',
        displayHeadlineMessageTemplateData: { actionUser: from, documentName: doc.documentName },
        displayBodyMessage: r.pick(COMMENT_LINES),
        notifyUsers: notifyAll ? [] : others,
        notifyAll,
        notificationSourceData: {
          kind: notifyAll ? 'publish' : 'share',
          documentId: doc.documentId,
        },
      };
    });
  return {
    organizationId,
    organizationName,
    folders,
    documents,
    users,
    groups,
    annotations,
    ...features,
    notifications,
  };
}

/**
 * A folder tree: a chain down to MAX_FOLDER_DEPTH first, so the deepest level always exists,
 * then folders under random parents above that depth. Parents come before their children.
 */
function folderTree(r: Random, organizationId: string, count: number): DemoFolder[] {
  const folders: DemoFolder[] = [];
  const add = (parent: DemoFolder | undefined) => {
    const depth = (parent?.depth ?? 0) + 1;
    const folder: DemoFolder = {
      folderId: `${organizationId}-f${folders.length + 1}`,
      folderName: r.pick(FOLDER_NAMES),
      parentFolderId: parent?.folderId ?? 'root',
      depth,
      // Now and then a folder sets its own access; the others inherit their parent's.
      ...(r.next() < 0.1 ? { accessType: r.pick(['public', 'restricted'] as const) } : {}),
    };
    folders.push(folder);
    return folder;
  };
  let parent: DemoFolder | undefined;
  for (let depth = 1; depth <= Math.min(MAX_FOLDER_DEPTH, count); depth++) parent = add(parent);
  while (folders.length < count) {
    const candidates = folders.filter((f) => f.depth < MAX_FOLDER_DEPTH);
    add(r.next() < 0.15 ? undefined : r.pick(candidates));
  }
  return folders;
}
