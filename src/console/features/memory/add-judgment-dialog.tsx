import { FormDialog } from '../../components/form-dialog';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { AddJudgmentForm } from './add-judgment-form';
import { addJudgments } from '#contract/memory';

interface AddJudgmentDialogProps {
  apiKey: ApiKeyCredentials;
  /** Where the judgment goes unless changed in the form: the filter or question in view. */
  organizationId: string | undefined;
  documentId: string | undefined;
}

export function AddJudgmentDialog({ apiKey, organizationId, documentId }: AddJudgmentDialogProps) {
  return (
    <FormDialog
      label="Add judgment"
      endpoint={addJudgments}
      title="Add judgment"
      description="A past decision on an item, for suggestions to draw on; its result is shown when the service answers."
    >
      {(close) => (
        <AddJudgmentForm
          apiKey={apiKey}
          organizationId={organizationId}
          documentId={documentId}
          onClose={close}
        />
      )}
    </FormDialog>
  );
}
