import type { RefObject } from 'react';
import type { Workspace } from '#contract/workspace';
import { OpenDialog } from '../../components/dialog';
import { toast } from '../../lib/toaster';
import { CreateWorkspaceForm } from './create-workspace-form';

interface CreateWorkspaceDialogProps {
  ownerEmail: string;
  baseUrl: string;
  onCreated: (workspace: Workspace) => void;
  onClose: () => void;
  /** The button that opened the dialog, which gets the focus back. */
  opener: RefObject<HTMLButtonElement | null>;
}

/** Mounted open by CreateWorkspaceButton; closing unmounts it and gives the focus back there. */
export function CreateWorkspaceDialog({
  ownerEmail,
  baseUrl,
  onCreated,
  onClose,
  opener,
}: CreateWorkspaceDialogProps) {
  return (
    <OpenDialog
      onClose={onClose}
      returnFocusTo={opener}
      title="Create a workspace"
      description="The owner e-mail owns the new workspace, which starts with one testing API key. An e-mail may own up to 5 workspaces; a second one needs the first on the paid plan."
    >
      <CreateWorkspaceForm
        ownerEmail={ownerEmail}
        baseUrl={baseUrl}
        onCancel={onClose}
        onCreated={(workspace) => {
          toast({ tone: 'success', title: `Workspace “${workspace.name}” created` });
          onClose();
          onCreated(workspace);
        }}
      />
    </OpenDialog>
  );
}
