import type { Role } from '#contract/roles';

/** How a role reads in the console: a person's badge, the team's list, the role pickers. */
export const roleLabels: Record<Role, string> = {
  owner: 'Owner',
  admin: 'Admin',
  viewer: 'Viewer',
};
