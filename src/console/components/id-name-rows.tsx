import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from './button';
import { FormField } from './form-fields';

interface IdNameRowsProps {
  /** The form's list field, e.g. `organizations`. */
  list: string;
  idField: string;
  nameField: string;
  /** Labels each row's fields, e.g. "Organization ID 2" and "Name 2". */
  idLabel: string;
  /** A new, empty row. */
  blank: Record<string, string>;
}

/**
 * The rows of a form that adds several items at once, each an ID and a name, with Remove and
 * "Add another"; each field shows the rule it breaks (the form's resolver is the contract's).
 */
export function IdNameRows({ list, idField, nameField, idLabel, blank }: IdNameRowsProps) {
  const { control } = useFormContext();
  const rows = useFieldArray({ control, name: list });
  return (
    <>
      <div className="-mx-1 max-h-[calc(100dvh-20rem)] space-y-3 overflow-y-auto px-1 pb-1">
        {rows.fields.map((row, index) => (
          <fieldset key={row.id} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
            <legend className="sr-only">
              {idLabel} {index + 1}
            </legend>
            <FormField
              name={`${list}.${index}.${idField}`}
              label={`${idLabel} ${index + 1}`}
              autoComplete="off"
            />
            <FormField
              name={`${list}.${index}.${nameField}`}
              label={`Name ${index + 1}`}
              autoComplete="off"
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={rows.fields.length === 1}
              onClick={() => rows.remove(index)}
              aria-label={`Remove row ${index + 1}`}
            >
              Remove
            </Button>
          </fieldset>
        ))}
      </div>
      <Button variant="secondary" size="sm" onClick={() => rows.append(blank)}>
        Add another
      </Button>
    </>
  );
}
