import type { Control, FieldErrors, UseFormRegister } from 'react-hook-form';
import { MAX_WEBHOOK_RATE_LIMIT } from '../../../contract/webhooks';
import { Field } from '../../components/field';
import { fieldMessage } from '../../lib/format';
import type { EndpointValues } from './endpoint-values';
import { FilterField } from './filter-field';
import { MetadataEditor } from './metadata-editor';

/** The contract words the URL rule as a whole sentence that starts with the field's wire name. */
function urlMessage(message: string | undefined): string | undefined {
  return message?.startsWith('url ') ? `URL ${message.slice(4)}` : fieldMessage('URL', message);
}

interface EndpointFieldsProps<Output> {
  register: UseFormRegister<EndpointValues>;
  control: Control<EndpointValues, unknown, Output>;
  errors: FieldErrors<EndpointValues>;
}

/** The fields an endpoint is created and edited with, each with the contract's rule on it. */
export function EndpointFields<Output>({ register, control, errors }: EndpointFieldsProps<Output>) {
  return (
    <div className="space-y-5">
      <Field
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/webhooks"
        description="Where deliveries are POSTed: an http(s) URL."
        error={urlMessage(errors.url?.message)}
        {...register('url')}
      />
      <Field
        label="Description"
        autoComplete="off"
        error={fieldMessage('Description', errors.description?.message)}
        {...register('description')}
      />
      <FilterField
        name="filterTypes"
        label="Event types"
        allLabel="Every event type"
        someLabel="Only these event types"
        placeholder="comment.add, comment.update"
        description="Separated by commas or spaces, each of the form <feature>.<action>."
        register={register}
        control={control}
        error={fieldMessage('Event types', errors.filterTypes?.message)}
      />
      <FilterField
        name="channels"
        label="Channels"
        allLabel="Every channel"
        someLabel="Only these channels"
        placeholder="organization-id-1, organization-id-2"
        description="Organization IDs, separated by commas or spaces."
        register={register}
        control={control}
        error={fieldMessage('Channels', errors.channels?.message)}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field
          label="Rate limit"
          inputMode="numeric"
          autoComplete="off"
          description={`Deliveries per second, 1 to ${MAX_WEBHOOK_RATE_LIMIT}; blank for no limit.`}
          error={fieldMessage('Rate limit', errors.rateLimit?.message)}
          {...register('rateLimit')}
        />
        <Field
          label="UID"
          autoComplete="off"
          description="Your own identifier for the endpoint; optional, unique per API key."
          error={fieldMessage('UID', errors.uid?.message)}
          {...register('uid')}
        />
      </div>
      <MetadataEditor control={control} register={register} errors={errors.metadata} />
    </div>
  );
}
