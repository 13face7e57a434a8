import { MAX_WEBHOOK_RATE_LIMIT } from '#contract/webhooks';
import { FormField } from '../../components/form-fields';
import { fieldMessage } from '../../lib/format';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { EventTypePicker } from './event-type-picker';
import { FilterField } from './filter-field';
import { MetadataEditor } from './metadata-editor';

/** The contract words the URL rule as a whole sentence that starts with the field's wire name. */
function urlMessage(message: string | undefined): string | undefined {
  return message?.startsWith('url ') ? `URL ${message.slice(4)}` : fieldMessage('URL', message);
}

/**
 * The fields an endpoint is created and edited with (inside the form's FormProvider), each with
 * the contract's rule on it.
 */
export function EndpointFields({ apiKey }: { apiKey: ApiKeyCredentials }) {
  return (
    <div className="space-y-5">
      <FormField
        name="url"
        label="URL"
        formatError={urlMessage}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/webhooks"
        description="Where deliveries are POSTed: an http(s) URL."
      />
      <FormField name="description" label="Description" autoComplete="off" />
      <FilterField
        name="filterTypes"
        label="Event types"
        allLabel="Every event type"
        someLabel="Only these event types"
        placeholder="comment.add, comment.update"
        description="Separated by commas or spaces, each of the form <feature>.<action>: pick them below, or type any name."
        picker={<EventTypePicker apiKey={apiKey} />}
      />
      <FilterField
        name="channels"
        label="Channels"
        allLabel="Every channel"
        someLabel="Only these channels"
        placeholder={'organization-id-1\norganization-id-2'}
        description="Organization IDs, one a line."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          name="rateLimit"
          label="Rate limit"
          inputMode="numeric"
          autoComplete="off"
          description={`Deliveries per second, 1 to ${MAX_WEBHOOK_RATE_LIMIT}; blank for no limit.`}
        />
        <FormField
          name="uid"
          label="UID"
          autoComplete="off"
          description="Your own identifier for the endpoint; optional, unique per API key."
        />
      </div>
      <MetadataEditor />
    </div>
  );
}
