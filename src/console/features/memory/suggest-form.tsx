import { FormProvider, useForm, useWatch } from 'react-hook-form';
import {
  MAX_QUERY_LENGTH,
  type SuggestDecisionRequest,
  suggestDecisionRequest,
} from '#contract/memory';
import { Button } from '../../components/button';
import { FormField, FormTextareaField } from '../../components/form-fields';
import { UnshownErrors } from '../../components/unshown-errors';
import { OrganizationPicker } from '../../components/organization-picker';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { contractResolver } from '../../lib/contract-resolver';

type Values = { query: string; organizationId: string; documentId: string };

/** Blank organization and document mean "any" (the contract refuses an empty ID). */
const given = (text: string) => (text.trim() === '' ? {} : undefined);

const resolver = contractResolver<Values, SuggestDecisionRequest>(suggestDecisionRequest, {
  build: (values) => ({
    request: {
      query: values.query,
      ...(given(values.organizationId) ?? { organizationId: values.organizationId }),
      ...(given(values.documentId) ?? { documentId: values.documentId }),
    },
  }),
  fieldOf: (path) => (typeof path[0] === 'string' ? path[0] : undefined),
});

interface SuggestFormProps {
  apiKey: ApiKeyCredentials;
  /** The question in the address (even one the contract refuses, to be put right here). */
  asked: {
    query?: string | undefined;
    organizationId?: string | undefined;
    documentId?: string | undefined;
  };
  onAsk: (request: SuggestDecisionRequest) => void;
  asking: boolean;
}

/** The question, and where its precedent is looked for; checked by the contract before asking. */
export function SuggestForm({ apiKey, asked, onAsk, asking }: SuggestFormProps) {
  const form = useForm<Values, unknown, SuggestDecisionRequest>({
    resolver,
    defaultValues: {
      query: asked.query ?? '',
      organizationId: asked.organizationId ?? '',
      documentId: asked.documentId ?? '',
    },
  });
  const organizationId = useWatch({ control: form.control, name: 'organizationId' });
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="Ask for a suggestion"
        className="space-y-3"
        onSubmit={(event) => void form.handleSubmit(onAsk)(event)}
      >
        <FormTextareaField
          name="query"
          label="Question"
          description="The item to decide and its context, as a reviewer would describe it."
          rows={3}
          maxLength={MAX_QUERY_LENGTH}
          className="[&_textarea]:font-sans [&_textarea]:text-sm"
        />
        <div className="flex flex-wrap items-start gap-3">
          <OrganizationPicker
            apiKey={apiKey}
            label="Organization (optional)"
            anyLabel="Every organization"
            value={organizationId || undefined}
            onChange={(id) => form.setValue('organizationId', id, { shouldDirty: true })}
          />
          <FormField
            name="documentId"
            label="Document ID (optional)"
            autoComplete="off"
            className="min-w-0 flex-1 basis-48 sm:max-w-xs"
          />
        </div>
        <UnshownErrors />
        <Button type="submit" disabled={asking}>
          {asking ? 'Asking…' : 'Suggest a decision'}
        </Button>
      </form>
    </FormProvider>
  );
}
