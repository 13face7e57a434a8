import { useFormContext, useFormState } from 'react-hook-form';
import { shownFieldsOf, unshownErrors } from '../lib/shown-fields';
import { FormAlert } from './form-alert';

/**
 * The last word of every form: a rule broken where no drawn field shows it (a field hidden, a
 * value set without a field of its own) is said here, naming the field, rather than leaving the
 * submit blocked without a word. The footers of forms (FormSaveBar, CreateFormFooter) draw it.
 */
export function UnshownErrors() {
  // Read when the errors change: a submit, or a field checked again as it is typed in. A field is
  // drawn or hidden between those (hidden, its error goes with its value).
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  // One message a line.
  return <FormAlert message={unshownErrors(errors, shownFieldsOf(control)).join('\n')} />;
}
