import { FormProvider, useForm } from 'react-hook-form';
import {
  type Document,
  type MigrateDocumentsRequest,
  migrateDocuments,
  migrateDocumentsRequest,
} from '#contract/documents';
import type { RowDialogAction } from '../../components/data-table/column';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormField } from '../../components/form-fields';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { contractResolver } from '../../lib/contract-resolver';
import { useMigrateDocument } from './use-document-changes';

interface MigrateDocumentFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  documentId: string;
  onClose: () => void;
}

/**
 * Moves a document and everything that refers to it to a new ID. The target ID is checked by the
 * contract before sending; the migration then runs in the background, followed on any page.
 */
export function MigrateDocumentForm({
  apiKey,
  organizationId,
  documentId,
  onClose,
}: MigrateDocumentFormProps) {
  const migrating = useMigrateDocument(apiKey);
  const form = useForm<MigrateDocumentsRequest>({
    resolver: contractResolver(migrateDocumentsRequest),
    defaultValues: { organizationId, documentId, newDocumentId: '' },
  });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Document migration"
        className="space-y-4"
        onSubmit={(event) =>
          void form.handleSubmit((request) => migrating.mutate(request, { onSuccess: onClose }))(
            event,
          )
        }
      >
        <FormField name="newDocumentId" label="New document ID" autoComplete="off" />
        <CreateFormFooter creating={migrating} submitLabel="Start migration" onCancel={onClose} />
      </form>
    </FormProvider>
  );
}

/** A document row's Migrate: the form in the table's dialog, on the row it was opened from. */
export function migrateAction(
  apiKey: ApiKeyCredentials,
  organizationId: string,
): RowDialogAction<Document> {
  return {
    label: 'Migrate',
    endpoint: migrateDocuments,
    name: (document) => `Migrate ${document.id}`,
    dialog: {
      title: (document) => `Migrate ${document.id}`,
      description: () =>
        "Its comments, reactions, recordings, notifications, activities, users' access, executions and judgments move to the new ID.",
      content: (document, close) => (
        <MigrateDocumentForm
          apiKey={apiKey}
          organizationId={organizationId}
          documentId={document.id}
          onClose={close}
        />
      ),
    },
  };
}
