import { useState } from 'react';
import { Button } from '../../components/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { AddOrganizationsForm } from './add-organizations-form';

export function AddOrganizationsDialog({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>Add organizations</Button>
      </DialogTrigger>
      <DialogContent
        title="Add organizations"
        description="Each organization needs an ID and a name; an ID the key already has is refused, the others are added."
      >
        {/* A new form each time the dialog opens: a finished call's results do not linger. */}
        {open ? <AddOrganizationsForm apiKey={apiKey} onClose={() => setOpen(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
