import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { AddDocumentsForm } from './add-documents-form';

interface AddDocumentsDialogProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  folderId: string | undefined;
}

export function AddDocumentsDialog({ apiKey, organizationId, folderId }: AddDocumentsDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Add documents</Button>
      </DialogTrigger>
      <DialogContent
        title="Add documents"
        description={`Into ${organizationId}${folderId ? `, folder ${folderId}` : ', at its top level'}; an ID it already has is refused, the others are added.`}
      >
        {open ? (
          <AddDocumentsForm
            apiKey={apiKey}
            organizationId={organizationId}
            folderId={folderId}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
