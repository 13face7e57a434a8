import { useForm } from 'react-hook-form';
import { createWebhookEndpointRequest } from '../../../contract/webhooks';
import type { AdvancedWebhookEndpoint } from '../../../contract/webhooks';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { SwitchField } from '../../components/switch-field';
import { errorMessage } from '../../lib/api-error';
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
  apiKeyId: string;
  onCreated: (endpoint: AdvancedWebhookEndpoint) => void;
  onCancel: () => void;
}

export function CreateEndpointForm({ apiKeyId, onCreated, onCancel }: CreateEndpointFormProps) {
  const creating = useCreateEndpoint(apiKeyId);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<EndpointValues, unknown, CreateRequest>({
    resolver,
    defaultValues: emptyEndpointValues,
  });

  return (
    <form
      noValidate
      aria-label="New webhook endpoint"
      className="space-y-5"
      onSubmit={(event) =>
        void handleSubmit((request) => creating.mutate(request, { onSuccess: onCreated }))(event)
      }
    >
      {/* The dialog is centred and not scrolled, so the long part scrolls and the buttons stay. */}
      <div className="-mx-1 max-h-[calc(100dvh-17rem)] space-y-5 overflow-y-auto px-1 pb-1">
        <EndpointFields register={register} control={control} errors={errors} />
        <SwitchField
          label="Create disabled"
          description="A disabled endpoint receives no deliveries until it is enabled."
          {...register('disabled')}
        />
      </div>
      <FormAlert message={creating.isError ? errorMessage(creating.error) : errors.root?.message} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={creating.isPending}>
          {creating.isPending ? 'Creating…' : 'Create endpoint'}
        </Button>
      </div>
    </form>
  );
}
