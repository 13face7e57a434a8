import type { AnyEndpoint } from './endpoint';
import { type Role, type RevealedSecret, atLeast, rolePlurals, roles } from './roles';

/** The least role that may call the endpoint: its own, or a viewer for a read, an admin for a write. */
export function leastRole(e: AnyEndpoint): Role {
  return e.access?.least ?? (e.write ? 'admin' : 'viewer');
}

/** Whether a member of the role may call the endpoint. */
export function mayCall(role: Role, e: AnyEndpoint): boolean {
  return atLeast(role, leastRole(e));
}

/** The PERMISSION_DENIED message for a role the endpoint refuses: it names the role. */
export function refusalMessage(role: Role, e: AnyEndpoint): string {
  const denied = e.access?.denied ?? (e.write ? 'change settings' : 'read this');
  return `${rolePlurals[role]} cannot ${denied}.`;
}

/** The secrets of the answer the role gets masked, or undefined when it sees them all. */
export function maskedFor(role: Role, e: AnyEndpoint): RevealedSecret | undefined {
  const reveals = e.access?.reveals;
  const seen = reveals && reveals.seenBy !== 'nobody' && atLeast(role, reveals.seenBy);
  return reveals && !seen ? reveals : undefined;
}

/** One row of the role table: what each role may do with one endpoint. */
export interface RoleTableRow {
  endpoint: string;
  path: string;
  least: Role;
  sessionOnly: boolean;
  /** Per role: `call`, `call, secrets masked`, or `refused`. */
  byRole: Record<Role, 'call' | 'masked' | 'refused'>;
}

/**
 * The role table of the endpoints that take credentials, derived from their entries: the one place
 * that says what each role may do, which the service enforces, the console reads to offer only what
 * a role may do, and the docs print.
 */
export function roleTable(endpoints: readonly AnyEndpoint[]): RoleTableRow[] {
  return endpoints
    .filter((e) => e.auth !== 'public' && e.auth !== 'session')
    .map((e) => ({
      endpoint: e.name,
      path: e.path,
      least: leastRole(e),
      sessionOnly: e.access?.sessionOnly === true,
      byRole: Object.fromEntries(
        roles.map((role) => [
          role,
          !mayCall(role, e) ? 'refused' : maskedFor(role, e) ? 'masked' : 'call',
        ]),
      ) as RoleTableRow['byRole'],
    }));
}
