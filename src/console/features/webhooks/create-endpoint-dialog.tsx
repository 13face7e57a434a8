import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/dialog';
import { toast } from '../../lib/notifications';
import { CreateEndpointForm } from './create-endpoint-form';

export function CreateEndpointDialog({ apiKeyId }: { apiKeyId: string }) {
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
          apiKeyId={apiKeyId}
          onCancel={() => setOpen(false)}
          onCreated={(endpoint) => {
            setOpen(false);
            toast({ tone: 'success', title: 'Endpoint created', message: endpoint.url });
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
