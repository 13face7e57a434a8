/**
 * The roles of a workspace's members and what an endpoint asks of them (DESIGN.md § Team access).
 * A leaf: the endpoint type refers to `Access`, and role-table.ts reads both.
 */

/** The roles, from the least to the most a member may do. */
export const roles = ['viewer', 'admin', 'owner'] as const;
export type Role = (typeof roles)[number];

/** The roles the owner may give by invitation; ownership is handed over, never invited. */
export const invitableRoles = ['admin', 'viewer'] as const;
export type InvitableRole = (typeof invitableRoles)[number];

/** Whether `role` is at least `least`. */
export function atLeast(role: Role, least: Role): boolean {
  return roles.indexOf(role) >= roles.indexOf(least);
}

/** The role's plural as a refusal names it: `Viewers cannot change settings.` */
export const rolePlurals: Record<Role, string> = {
  viewer: 'Viewers',
  admin: 'Admins',
  owner: 'Owners',
};

/**
 * A secret an answer carries, and the least role that sees it in clear through a session (or
 * `nobody`: a routine read that another endpoint reveals on purpose); a role below gets it masked
 * (`maskSecret`), never omitted. Tokens see every secret, as today. `fields` are paths into the
 * answer's data, an array written `[]`: `authTokens[].token`.
 */
export interface RevealedSecret {
  fields: readonly string[];
  seenBy: Role | 'nobody';
}

/**
 * What an endpoint asks of a caller who signs in as a person. Absent, a read asks for a viewer and
 * a write for an admin; a token counts as the owner of its workspace.
 */
export interface Access {
  /** The least role that may call it. */
  least?: Role;
  /** What a refused role could not do, for the refusal: `read the audit log`. */
  denied?: string;
  /** Only a person's session may call it (it answers about the person, not the workspace). */
  sessionOnly?: true;
  /** The secrets its answer carries. */
  reveals?: RevealedSecret;
}

/** How a secret a role may not see travels: its last four characters after four dots. */
export function maskSecret(secret: string): string {
  return `••••${secret.slice(-4)}`;
}

/** Whether a value is a secret masked by `maskSecret`. */
export function isMasked(value: string): boolean {
  return value.startsWith('••••');
}
