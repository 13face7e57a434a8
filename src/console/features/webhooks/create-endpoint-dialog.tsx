import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { CreateEndpointForm } from './create-endpoint-form';

export function CreateEndpointDialog({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Create endpoint</Button>
      </DialogTrigger>
      <DialogContent
        title="Create a webhook endpoint"
        description="The service signs every delivery with a secret it generates for the endpoint; read it on the endpoint's page."
      >
        <CreateEndpointForm
          apiKey={apiKey}
          onCancel={() => setOpen(false)}
          onCreated={() => setOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
