import type { Role } from './roles';
import { roles } from './roles';
import type { MemberWorkspace } from './workspace-access';
import type { Workspace } from './workspace';

/**
 * The signed-in overview as the console's document draws it (issue 33): the build draws the page
 * from the console's own components once per shape, with a mark where each value goes
 * (scripts/first-paint-html.ts), and the service fills the marks of the shape a person's answers
 * have with those values, escaped (src/server/serving/overview-drawing.ts). Shared here because both
 * sides must agree on the marks, the shapes and the values, and neither imports the other.
 */

/** Stands for a value in the drawn page: characters no answer's value holds (word joiners). */
const markCharacter = '\u2060';
const mark = (name: string) => `${markCharacter}${name}${markCharacter}`;

export const overviewMarks = {
  workspaceName: mark('workspace-name'),
  workspaceId: mark('workspace-id'),
  ownerName: mark('owner-name'),
  ownerEmail: mark('owner-email'),
  ownerId: mark('owner-id'),
  ownerInitials: mark('owner-initials'),
  personEmail: mark('person-email'),
  keyCount: mark('key-count'),
} as const;

/**
 * Where the overview's page of the built index.html takes the drawn overview: a comment, left as
 * it is in a document drawn for nobody.
 */
export const overviewDrawingSlot = '<!--drawn-overview-->';

/** The element the drawing script looks for (scripts/first-paint-html.ts). */
export const drawnOverviewId = 'drawn-overview';

export type OverviewValues = Record<keyof typeof overviewMarks, string>;

/** What changes the drawn page's markup rather than a value in it: one drawing each. */
export interface OverviewShape {
  /** The person's role in the workspace: the navigation's links and the role's badge. */
  role: Role;
  /** An owner whose name is shown, or only their e-mail address (no name, or the address). */
  owner: 'named' | 'email';
  /** "1 key" or "n keys". */
  keys: 'one' | 'many';
}

export const overviewShapes: OverviewShape[] = roles.flatMap((role) =>
  (['named', 'email'] as const).flatMap((owner) =>
    (['one', 'many'] as const).map((keys) => ({ role, owner, keys })),
  ),
);

export const overviewShapeKey = ({ role, owner, keys }: OverviewShape) =>
  `${role}-${owner}-${keys}`;

/**
 * Up to two initials of a name (or of an e-mail's local part), for an avatar without a picture: as the console's
 * avatar shows them, and the service where it fills the drawn overview.
 */
export function initials(name: string, email = ''): string {
  // Services often use the e-mail as the name; its domain would only add noise.
  const source = (name.trim() || email).split('@')[0] ?? '';
  const words = source.split(/[\s._-]+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : [words[0]];
  return letters
    .map((word) => word?.charAt(0) ?? '')
    .join('')
    .toUpperCase();
}

/**
 * The shape and values of the overview drawn for a person signed in (Get Current Session) and the
 * workspace the console opens for them (Get Workspace), or undefined where the build drew no such
 * page: a blank workspace name (the console shows "Untitled workspace"), an owner's picture.
 */
export function overviewDrawing(
  person: { email: string; workspaces: readonly MemberWorkspace[] },
  workspace: Workspace,
): { shape: OverviewShape; values: OverviewValues } | undefined {
  // One workspace: the console opens it whatever the tab remembers, and its panel names it.
  const [only, ...others] = person.workspaces;
  const role = only?.id === workspace.id && others.length === 0 ? only.role : undefined;
  const name = workspace.name.trim();
  if (!role || !name || workspace.owner.avatar) return undefined;
  const { owner } = workspace;
  const shown = owner.name.trim() || owner.email;
  const total = Object.keys(workspace.apiKeyList).length;
  const values: OverviewValues = {
    workspaceName: name,
    workspaceId: workspace.id,
    ownerName: shown,
    ownerEmail: owner.email,
    ownerId: owner.id,
    ownerInitials: initials(owner.name, owner.email) || '?',
    personEmail: person.email,
    keyCount: String(total),
  };
  // A value holding a mark's character would be filled again as the mark it spells.
  if (Object.values(values).some((value) => value.includes(markCharacter))) return undefined;
  return {
    shape: {
      role,
      owner: shown === owner.email ? 'email' : 'named',
      keys: total === 1 ? 'one' : 'many',
    },
    values,
  };
}

/** Text for HTML, in an element or in a quoted attribute alike. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}

/** The drawn page with each mark replaced by its value, escaped. */
export function fillOverview(drawing: string, values: OverviewValues): string {
  let filled = drawing;
  for (const key of Object.keys(overviewMarks) as (keyof OverviewValues)[]) {
    const value = escapeHtml(values[key]);
    // A function, not the string: a string's `$&` or `` $` `` would be read as a pattern.
    filled = filled.replaceAll(overviewMarks[key], () => value);
  }
  return filled;
}
