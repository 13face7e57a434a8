import type { Role } from '#contract/roles';

/** What each role may do, in a few words (DESIGN.md's table of roles). */
export const roleHints: Record<Role, string> = {
  owner: 'everything, and manages the team',
  admin: 'reads and changes everything but the team',
  viewer: 'reads every page, changes nothing',
};
