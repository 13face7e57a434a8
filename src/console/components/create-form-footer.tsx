import { errorMessage } from '../lib/api-error';
import { useFormMessage } from '../lib/use-shown-field';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { UnshownErrors } from './unshown-errors';

interface CreateFormFooterProps {
  /** The save (useSaveMutation) the form submits to; its refusal shows above the buttons. */
  creating: { isPending: boolean; isError: boolean; error: unknown };
  /**
   * Whose rule of the whole shows here when the service has not refused anything: the form's
   * (`root`, the default) or its list's (`folders`: too many rows, an ID twice).
   */
  messageOf?: string;
  submitLabel: string;
  /** The submit button's text while the call runs. */
  pendingLabel?: string;
  onCancel: () => void;
}

/** The foot of a form in a dialog that creates something: the refusal, Cancel and Create. */
export function CreateFormFooter({
  creating,
  messageOf,
  submitLabel,
  pendingLabel = 'Creating…',
  onCancel,
}: CreateFormFooterProps) {
  const formMessage = useFormMessage(messageOf);
  return (
    <>
      <UnshownErrors />
      <FormAlert message={creating.isError ? errorMessage(creating.error) : formMessage} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={creating.isPending}>
          {creating.isPending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </>
  );
}
