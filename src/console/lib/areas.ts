import { type Role, atLeast } from '#contract/roles';
import {
  type AreaKeyPage,
  type AreaWorkspacePage,
  keyPageSections,
  keyPages,
  workspacePages,
} from '#contract/areas';

export type KeyArea = AreaKeyPage;

/** The pages of one API key, in navigation order (the contract's area registry names them). */
export const keyAreas: readonly KeyArea[] = keyPages;

/**
 * The pages of one API key under their section's heading (none for the key's data, then
 * "Settings"), as the navigation and the key's overview list them; sections without pages are
 * left out.
 */
export const keyAreaSections: readonly { heading: string | undefined; pages: KeyArea[] }[] =
  keyPageSections
    .map(({ section, heading }) => ({
      heading,
      pages: keyAreas.filter((area) => area.section === section),
    }))
    .filter((group) => group.pages.length > 0);

export function keyArea(segment: string): KeyArea | undefined {
  return keyAreas.find((area) => area.segment === segment);
}

/** The workspace's own page, the console's home (`/`), first in the navigation. */
export const homePage: AreaWorkspacePage | undefined = workspacePages.find(
  (page) => page.path === '/',
);

/** The workspace's other pages (the audit log), after the key's pages in the navigation. */
export const workspaceAreas: readonly AreaWorkspacePage[] = workspacePages.filter(
  (page) => page !== homePage,
);

/**
 * The workspace's other pages a role is offered: a page whose endpoint asks for more than the role
 * (the Status page is an admin's) is left out of the navigation and the palette, as its call
 * would be refused; its address still answers, with the refusal.
 */
export function workspaceAreasFor(role: Role | undefined): readonly AreaWorkspacePage[] {
  return workspaceAreas.filter(
    (page) => page.least === undefined || (role !== undefined && atLeast(role, page.least)),
  );
}
