import { Controller, useFormContext } from 'react-hook-form';
import { webhookServiceTriggers } from '#contract/webhook-service';
import { useShownField } from '../../lib/use-shown-field';

const features = [
  { id: 'comment', label: 'Comments' },
  { id: 'huddle', label: 'Huddles' },
] as const;

/** The service's triggers as checkboxes grouped by feature; the value is the types that are on. */
export function ServiceTriggersField() {
  const { control } = useFormContext<{ triggers: string[] }>();
  useShownField('triggers', 'Triggers', true);
  return (
    <Controller
      control={control}
      name="triggers"
      render={({ field, fieldState }) => (
        <div className="space-y-4">
          {features.map((feature) => (
            <fieldset key={feature.id} className="space-y-2">
              <legend className="text-sm font-semibold">{feature.label}</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {webhookServiceTriggers
                  .filter((trigger) => trigger.feature === feature.id)
                  .map((trigger) => (
                    <label key={trigger.type} className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-0.5 size-4 shrink-0 accent-accent"
                        checked={field.value.includes(trigger.type)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, trigger.type]
                              : field.value.filter((type) => type !== trigger.type),
                          )
                        }
                        onBlur={field.onBlur}
                      />
                      <span>
                        {trigger.label}
                        <code className="block font-mono text-xs text-muted">
                          {trigger.type} → {trigger.actionType}
                        </code>
                      </span>
                    </label>
                  ))}
              </div>
            </fieldset>
          ))}
          {fieldState.error?.message ? (
            <p className="text-sm text-danger" role="alert">
              Triggers {fieldState.error.message}.
            </p>
          ) : null}
        </div>
      )}
    />
  );
}
