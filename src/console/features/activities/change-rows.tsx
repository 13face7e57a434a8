import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from '../../components/button';
import { FormField } from '../../components/form-fields';
import { useFormMessage } from '../../lib/use-shown-field';
import type { ActivityValues } from './activity-request';

const columns = [
  { name: 'field', label: 'Field' },
  { name: 'from', label: 'From' },
  { name: 'to', label: 'To' },
] as const;

/**
 * `changes`: one row per field, its value before and after. A value that reads as JSON (`12`,
 * `true`, `null`, `"quoted"`, an object) is sent as that value, any other text as text.
 */
export function ChangeRows() {
  const { control } = useFormContext<ActivityValues>();
  const rows = useFieldArray({ control, name: 'changes' });
  const error = useFormMessage('changes');
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Changes</legend>
      <p className="text-sm text-muted">
        Values that read as JSON (12, true, null, &quot;quoted&quot;) are sent as such; other text
        as text.
      </p>
      {rows.fields.map((row, index) => (
        <fieldset key={row.id} className="grid gap-2 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
          <legend className="sr-only">Change {index + 1}</legend>
          {columns.map((column) => (
            <FormField
              key={column.name}
              name={`changes.${index}.${column.name}`}
              label={`${column.label} ${index + 1}`}
              autoComplete="off"
            />
          ))}
          <Button
            variant="secondary"
            size="sm"
            aria-label={`Remove change ${index + 1}`}
            onClick={() => rows.remove(index)}
          >
            Remove
          </Button>
        </fieldset>
      ))}
      {error ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={() => rows.append({ field: '', from: '', to: '' })}
      >
        Add a change
      </Button>
    </fieldset>
  );
}
