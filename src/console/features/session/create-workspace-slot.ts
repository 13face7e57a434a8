import type { Workspace } from '#contract/workspace';

/** What the route hands to the Create Workspace action it composes into the chooser. */
export interface CreateWorkspaceSlot {
  ownerEmail: string;
  baseUrl: string;
  onCreated: (workspace: Workspace) => void;
}
