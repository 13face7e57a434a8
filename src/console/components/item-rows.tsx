import { useFieldArray, useFormContext } from 'react-hook-form';
import { Button } from './button';
import { FormField } from './form-fields';

// Whole class names, so that Tailwind finds them in the source.
const twoFields = 'sm:grid-cols-[1fr_1fr_auto]';
const threeFields = 'sm:grid-cols-[1fr_1fr_1fr_auto]';

export interface RowField {
  /** The field of each row, e.g. `documentId`. */
  name: string;
  /** Its label, numbered per row: "Document ID 2". */
  label: string;
  type?: 'text' | 'email';
}

interface ItemRowsProps {
  /** The form's list field, e.g. `organizations`. */
  list: string;
  fields: readonly RowField[];
  /** A new, empty row. */
  blank: Record<string, string>;
}

/**
 * The rows of a form that adds several items at once, with Remove and "Add another"; each field
 * shows the rule it breaks (the form's resolver is the contract's).
 */
export function ItemRows({ list, fields, blank }: ItemRowsProps) {
  const { control } = useFormContext();
  const rows = useFieldArray({ control, name: list });
  const columns = fields.length === 3 ? threeFields : twoFields;
  return (
    <>
      <div className="-mx-1 max-h-[calc(100dvh-20rem)] space-y-3 overflow-y-auto px-1 pb-1">
        {rows.fields.map((row, index) => (
          <fieldset key={row.id} className={`grid gap-2 sm:items-end ${columns}`}>
            <legend className="sr-only">Row {index + 1}</legend>
            {fields.map((field) => (
              <FormField
                key={field.name}
                name={`${list}.${index}.${field.name}`}
                label={`${field.label} ${index + 1}`}
                type={field.type ?? 'text'}
                autoComplete="off"
              />
            ))}
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
