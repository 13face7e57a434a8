import {
  type AreaKeyPage,
  type AreaWorkspacePage,
  keyPages,
  workspacePages,
} from '#contract/areas';

export type KeyArea = AreaKeyPage;

/** The pages of one API key, in navigation order (the contract's area registry names them). */
export const keyAreas: readonly KeyArea[] = keyPages;

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
