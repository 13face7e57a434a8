import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { type MigrateDocumentsRequest, migrateDocumentsRequest } from '../../../contract/documents';
import { Button } from '../../components/button';
import { CreateFormFooter } from '../../components/create-form-footer';
import { Dialog, DialogContent, DialogTrigger } from '../../components/dialog';
import { FormField } from '../../components/form-fields';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useMigrateDocument } from './use-document-changes';
import { trimmingValues } from '../../lib/trimmed-values';

interface MigrateDocumentDialogProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  documentId: string;
}

/**
 * Moves a document and everything that refers to it to a new ID. The target ID is checked by the
 * contract before sending; the migration then runs in the background, followed on any page.
 */
export function MigrateDocumentDialog({
  apiKey,
  organizationId,
  documentId,
}: MigrateDocumentDialogProps) {
  const [open, setOpen] = useState(false);
  const migrating = useMigrateDocument(apiKey);
  const form = useForm<MigrateDocumentsRequest>({
    resolver: trimmingValues(zodResolver(migrateDocumentsRequest)),
    defaultValues: { organizationId, documentId, newDocumentId: '' },
  });
  function changeOpen(next: boolean) {
    setOpen(next);
    if (!next) {
      form.reset();
      migrating.reset();
    }
  }
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm" aria-label={`Migrate ${documentId}`}>
          Migrate
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Migrate ${documentId}`}
        description="Its comments, reactions, recordings, notifications, activities, users' access, executions and judgments move to the new ID."
      >
        <FormProvider {...form}>
          <form
            noValidate
            aria-label="Document migration"
            className="space-y-4"
            onSubmit={(event) =>
              void form.handleSubmit((request) =>
                migrating.mutate(request, { onSuccess: () => changeOpen(false) }),
              )(event)
            }
          >
            <FormField name="newDocumentId" label="New document ID" autoComplete="off" />
            <CreateFormFooter
              creating={migrating}
              submitLabel="Start migration"
              onCancel={() => changeOpen(false)}
            />
          </form>
        </FormProvider>
      </DialogContent>
    </Dialog>
  );
}
