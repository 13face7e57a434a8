import { useEffect } from 'react';
import { get, useFormContext, useFormState } from 'react-hook-form';
import { isRowField, shownFieldsOf } from './shown-fields';

/**
 * Marks the field `name` as drawn while the calling part is. Once no part draws it (a switch hid
 * it), its value goes back to the form's default, what is saved: a hidden field neither blocks
 * the submit with its rule nor sends what was typed into it before it was hidden, and shown
 * again it holds what is saved. A row's fields come and go with their row, and keep their values.
 */
export function useShownField(name: string, label: string, showsError: boolean): void {
  const { control, resetField } = useFormContext();
  useEffect(() => {
    const hide = shownFieldsOf(control).draw(name, label, showsError);
    return () => {
      if (hide() && !isRowField(name)) resetField(name);
    };
  }, [control, resetField, name, label, showsError]);
}

/**
 * The message of a rule of the whole form (`root`) or of a whole list (`folders`), for the part
 * that shows it; UnshownErrors then leaves it to that part.
 */
export function useFormMessage(name = 'root'): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name });
  useEffect(() => {
    const hide = shownFieldsOf(control).draw(name, name, true);
    return () => {
      hide();
    };
  }, [control, name]);
  const error = get<typeof errors, { message?: string; root?: { message?: string } } | undefined>(
    errors,
    name,
  );
  return error?.root?.message ?? error?.message;
}
