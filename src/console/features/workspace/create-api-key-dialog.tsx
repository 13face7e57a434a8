import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/dialog';
import { CreateApiKeyForm } from './create-api-key-form';

export function CreateApiKeyDialog({ workspaceId }: { workspaceId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Create API key</Button>
      </DialogTrigger>
      <DialogContent
        title="Create an API key"
        description="Applications call the service with an API key and its auth token. The new key gets a token of its own."
      >
        <CreateApiKeyForm
          workspaceId={workspaceId}
          onCancel={() => setOpen(false)}
          onCreated={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
