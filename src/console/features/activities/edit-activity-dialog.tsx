import { useState } from 'react';
import type { Activity } from '../../../contract/activities';
import { Button } from '../../components/button';
import { Dialog, DialogContent, DialogTrigger } from '../../components/dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { EditActivityForm } from './edit-activity-form';

interface EditActivityDialogProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  activity: Activity;
}

/** A row's Edit: the activity's updatable fields in a dialog, a fresh form each time it opens. */
export function EditActivityDialog({ apiKey, organizationId, activity }: EditActivityDialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Edit ${activity.id}`}>
          Edit
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Edit activity ${activity.id}`}
        description={`${activity.featureType} · ${activity.actionType}; only the fields changed here are sent.`}
      >
        {open ? (
          <EditActivityForm
            apiKey={apiKey}
            organizationId={organizationId}
            activity={activity}
            onClose={() => setOpen(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
