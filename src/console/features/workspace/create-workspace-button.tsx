import { lazy, Suspense, useRef, useState } from 'react';
import type { Workspace } from '#contract/workspace';
import { Button, type ButtonVariant } from '../../components/button';

// The dialog (Radix and the form) loads on first use, so the sign-in page does not carry it.
const loadDialog = () => import('./create-workspace-dialog');
const CreateWorkspaceDialog = lazy(async () => ({
  default: (await loadDialog()).CreateWorkspaceDialog,
}));

interface CreateWorkspaceButtonProps {
  ownerEmail: string;
  baseUrl: string;
  onCreated: (workspace: Workspace) => void;
  variant?: ButtonVariant;
}

export function CreateWorkspaceButton({
  variant = 'primary',
  ...dialog
}: CreateWorkspaceButtonProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        variant={variant}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        Create workspace
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog {...dialog} opener={button} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
