import { FormProvider, useForm } from 'react-hook-form';
import { createWebhookEndpointRequest } from '#contract/webhooks';
import { CreateFormFooter } from '../../components/create-form-footer';
import { FormSwitchField } from '../../components/form-fields';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { EndpointFields } from './endpoint-fields';
import { endpointResolver } from './endpoint-resolver';
import {
  type CreateRequest,
  type EndpointValues,
  createRequest,
  emptyEndpointValues,
} from './endpoint-values';
import { useCreateEndpoint } from './use-create-endpoint';

const resolver = endpointResolver<CreateRequest>(createWebhookEndpointRequest, createRequest);

interface CreateEndpointFormProps {
  apiKey: ApiKeyCredentials;
  onCreated: () => void;
  onCancel: () => void;
}

export function CreateEndpointForm({ apiKey, onCreated, onCancel }: CreateEndpointFormProps) {
  const creating = useCreateEndpoint(apiKey);
  const form = useForm<EndpointValues, unknown, CreateRequest>({
    resolver,
    defaultValues: emptyEndpointValues,
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New webhook endpoint"
        className="space-y-5"
        onSubmit={(event) =>
          void form.handleSubmit((request) => creating.mutate(request, { onSuccess: onCreated }))(
            event,
          )
        }
      >
        {/* The dialog is centred and not scrolled, so the long part scrolls and the buttons stay. */}
        <div className="-mx-1 max-h-[calc(100dvh-17rem)] space-y-5 overflow-y-auto px-1 pb-1">
          <EndpointFields apiKey={apiKey} />
          <FormSwitchField
            name="disabled"
            label="Create disabled"
            description="A disabled endpoint receives no deliveries until it is enabled."
          />
        </div>
        <CreateFormFooter creating={creating} submitLabel="Create endpoint" onCancel={onCancel} />
      </form>
    </FormProvider>
  );
}
