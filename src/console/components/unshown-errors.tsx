import { useFormState } from 'react-hook-form';
import { unshownErrors } from '../lib/shown-fields';
import { useShownFields } from '../lib/use-shown-field';

/**
 * The last word of every form: a rule broken where no drawn field shows it (a field hidden, a
 * value set without a field of its own) is said here, naming the field, rather than leaving the
 * submit blocked without a word. The footers of forms (FormSaveBar, CreateFormFooter) draw it.
 */
export function UnshownErrors() {
  const { errors } = useFormState();
  const shown = useShownFields();
  const messages = unshownErrors(errors, shown);
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      className="space-y-1 rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm break-words text-danger-soft-fg"
    >
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
