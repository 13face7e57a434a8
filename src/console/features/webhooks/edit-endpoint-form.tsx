import { useForm } from 'react-hook-form';
import {
  type AdvancedWebhookEndpoint,
  updateWebhookEndpointRequest,
} from '../../../contract/webhooks';
import { Card } from '../../components/card';
import { FormSaveBar } from '../../components/form-save-bar';
import { UnsavedChangesGuard } from '../../components/unsaved-changes-guard';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/notifications';
import { EndpointFields } from './endpoint-fields';
import { endpointResolver } from './endpoint-resolver';
import {
  type EndpointValues,
  type UpdateRequest,
  endpointValues,
  updateRequest,
} from './endpoint-values';
import { useUpdateEndpoint } from './use-update-endpoint';

/**
 * Sends only the fields that differ from the saved endpoint. `disabled` is the status switch's
 * alone: the saved value stands in for it here, so a save never undoes a toggle made meanwhile.
 */
export function EditEndpointForm({
  apiKeyId,
  endpoint,
}: {
  apiKeyId: string;
  endpoint: AdvancedWebhookEndpoint;
}) {
  const saving = useUpdateEndpoint(apiKeyId);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<EndpointValues, unknown, UpdateRequest>({
    defaultValues: endpointValues(endpoint),
    resolver: (values, context, options) =>
      endpointResolver<UpdateRequest>(updateWebhookEndpointRequest, (v) =>
        updateRequest({ ...v, disabled: endpoint.disabled }, endpoint),
      )(values, context, options),
  });

  return (
    <form
      noValidate
      aria-label="Edit endpoint"
      onSubmit={(event) =>
        void handleSubmit((request) =>
          saving.mutate(request, {
            onSuccess: (saved) => {
              reset(endpointValues(saved));
              toast({ tone: 'success', title: 'Endpoint saved' });
            },
          }),
        )(event)
      }
    >
      <UnsavedChangesGuard when={isDirty && !saving.isPending} />
      <Card className="space-y-5">
        <h2 className="text-base font-semibold">Settings</h2>
        <EndpointFields register={register} control={control} errors={errors} />
        <FormSaveBar
          message={saving.isError ? errorMessage(saving.error) : errors.root?.message}
          dirty={isDirty}
          saving={saving.isPending}
          onDiscard={() => {
            saving.reset();
            reset(endpointValues(endpoint));
          }}
        />
      </Card>
    </form>
  );
}
