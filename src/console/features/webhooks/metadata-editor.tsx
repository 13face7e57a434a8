import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { MAX_WEBHOOK_METADATA_KEYS } from '#contract/webhooks';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-fields';
import { fieldMessage } from '../../lib/format';
import { useFormMessage } from '../../lib/use-shown-field';
import type { EndpointValues } from './endpoint-values';

/** Names and string values kept with the endpoint for the admin's own use. */
export function MetadataEditor() {
  const { control } = useFormContext<EndpointValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'metadata' });
  const rows = useWatch({ control, name: 'metadata' });
  const whole = useFormMessage('metadata');
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">Metadata</legend>
      <p className="text-sm text-muted">
        Optional names with text values, kept with the endpoint (at most {MAX_WEBHOOK_METADATA_KEYS}
        ).
      </p>
      {fields.length === 0 ? <p className="text-sm text-muted">No metadata.</p> : null}
      <ul className="space-y-3">
        {fields.map((field, index) => (
          <li key={field.id}>
            <div
              role="group"
              aria-label={`Metadata entry ${index + 1}`}
              className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
            >
              <FormField
                name={`metadata.${index}.key`}
                label="Name"
                // The row rules are whole sentences already ("Name team is used twice.").
                formatError={(message) => message}
                autoComplete="off"
              />
              <FormField name={`metadata.${index}.value`} label="Value" autoComplete="off" />
              <Button
                variant="ghost"
                size="sm"
                className="sm:mt-7"
                aria-label={`Remove metadata ${rows[index]?.key.trim() || `entry ${index + 1}`}`}
                onClick={() => remove(index)}
              >
                Remove
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {whole ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {fieldMessage('Metadata', whole)}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        disabled={fields.length >= MAX_WEBHOOK_METADATA_KEYS}
        onClick={() => append({ key: '', value: '' })}
      >
        Add metadata
      </Button>
    </fieldset>
  );
}
