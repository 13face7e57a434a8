import { FormDialog } from '../../components/form-dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { AddDocumentsForm } from './add-documents-form';
import { addDocuments } from '#contract/documents';

interface AddDocumentsDialogProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  folderId: string | undefined;
}

export function AddDocumentsDialog({ apiKey, organizationId, folderId }: AddDocumentsDialogProps) {
  return (
    <FormDialog
      label="Add documents"
      endpoint={addDocuments}
      title="Add documents"
      description={`Into ${organizationId}${folderId ? `, folder ${folderId}` : ', at its top level'}; an ID it already has is refused, the others are added.`}
    >
      {(close) => (
        <AddDocumentsForm
          apiKey={apiKey}
          organizationId={organizationId}
          folderId={folderId}
          onClose={close}
        />
      )}
    </FormDialog>
  );
}
