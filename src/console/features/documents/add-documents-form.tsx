import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { type AddDocumentsRequest, addDocumentsRequest } from '#contract/documents';
import { CreateFormFooter } from '../../components/create-form-footer';
import { ItemRows } from '../../components/item-rows';
import { ItemResultsStep } from '../../components/item-results';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useAddDocuments } from './use-document-changes';
import { contractResolver } from '../../lib/contract-resolver';

const fields = [
  { name: 'documentId', label: 'Document ID' },
  { name: 'documentName', label: 'Name' },
];
const blank = { documentId: '', documentName: '' };

interface AddDocumentsFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string;
  /** The folder the documents go in; the organization's top level when not given. */
  folderId: string | undefined;
  onClose: () => void;
}

/** Several documents at once, each checked by the contract before sending, then each one's result. */
export function AddDocumentsForm({
  apiKey,
  organizationId,
  folderId,
  onClose,
}: AddDocumentsFormProps) {
  const adding = useAddDocuments(apiKey);
  const form = useForm<AddDocumentsRequest>({
    resolver: contractResolver(addDocumentsRequest),
    defaultValues: { organizationId, ...(folderId ? { folderId } : {}), documents: [blank] },
  });
  const count = useWatch({ control: form.control, name: 'documents' }).length;

  if (adding.data) {
    return (
      <ItemResultsStep results={adding.data} label="Results of adding documents" onDone={onClose} />
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New documents"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((request) => adding.mutate(request))(event)}
      >
        <ItemRows list="documents" fields={fields} blank={blank} />
        <CreateFormFooter
          creating={adding}
          messageOf="documents"
          submitLabel={count === 1 ? 'Add document' : 'Add documents'}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
