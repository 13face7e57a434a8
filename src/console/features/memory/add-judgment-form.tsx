import { useQuery } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { MAX_JUDGMENT_TEXT_LENGTH, addJudgmentsRequest } from '#contract/memory';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormField, FormSelectField, FormTextareaField } from '../../components/form-fields';
import { ItemResultsStep } from '../../components/item-results';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { organizationChoices } from '../../lib/organization-choices';
import { contractResolver } from '../../lib/contract-resolver';
import {
  type JudgmentValues,
  blankJudgment,
  judgmentField,
  judgmentRequest,
} from './judgment-values';
import { useAddJudgment } from './use-add-judgment';

type AddRequest = z.output<typeof addJudgmentsRequest>;

const resolver = contractResolver<JudgmentValues, AddRequest>(addJudgmentsRequest, {
  build: (values) => ({ request: judgmentRequest(values) }),
  fieldOf: judgmentField,
});

const decisionOptions = [
  { value: 'approve', label: 'Approve' },
  { value: 'reject', label: 'Reject' },
];

/** Sans-serif prose in the kit's textarea, which is monospace for JSON. */
const prose = '[&_textarea]:font-sans [&_textarea]:text-sm';

interface AddJudgmentFormProps {
  apiKey: ApiKeyCredentials;
  organizationId: string | undefined;
  documentId: string | undefined;
  onClose: () => void;
}

/** One judgment, checked by the contract before sending, then the service's result for it. */
export function AddJudgmentForm({
  apiKey,
  organizationId,
  documentId,
  onClose,
}: AddJudgmentFormProps) {
  const adding = useAddJudgment(apiKey);
  const choices = useQuery(organizationChoices(apiKey));
  const form = useForm<JudgmentValues, unknown, AddRequest>({
    resolver,
    defaultValues: {
      ...blankJudgment,
      organizationId: organizationId ?? '',
      documentId: documentId ?? '',
    },
  });
  const organizations = [
    { value: '', label: 'None (every organization)' },
    ...(choices.data ?? []).map((o) => ({
      value: o.id,
      label: `${o.organizationName} (${o.id})`,
    })),
    // A filter's organization beyond the first choices is still offered.
    ...(organizationId && !choices.data?.some((o) => o.id === organizationId)
      ? [{ value: organizationId, label: organizationId }]
      : []),
  ];

  if (adding.data) {
    return (
      <ItemResultsStep
        results={adding.data}
        label="Result of adding the judgment"
        onDone={onClose}
      />
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New judgment"
        className="space-y-3"
        onSubmit={(event) => void form.handleSubmit((request) => adding.mutate(request))(event)}
      >
        <div className="-mx-1 max-h-[calc(100dvh-16rem)] space-y-3 overflow-y-auto px-1 pb-1">
          <FormTextareaField
            name="text"
            label="Item judged"
            rows={2}
            maxLength={MAX_JUDGMENT_TEXT_LENGTH}
            className={prose}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <FormSelectField name="decision" label="Decision" options={decisionOptions} />
            <FormField name="reviewerId" label="Reviewer ID" autoComplete="off" />
          </div>
          <FormTextareaField
            name="reason"
            label="Reason (optional)"
            rows={2}
            maxLength={MAX_JUDGMENT_TEXT_LENGTH}
            className={prose}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            <FormSelectField
              name="organizationId"
              label="Organization (optional)"
              options={organizations}
            />
            <FormField name="documentId" label="Document ID (optional)" autoComplete="off" />
            <FormField name="judgmentId" label="Judgment ID (optional)" autoComplete="off" />
            <FormField
              name="decidedAt"
              label="Decided at (optional, now when blank)"
              type="datetime-local"
              step={1}
            />
          </div>
        </div>
        <CreateFormFooter creating={adding} submitLabel="Add judgment" onCancel={onClose} />
      </form>
    </FormProvider>
  );
}
