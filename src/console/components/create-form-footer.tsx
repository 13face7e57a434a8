import { errorMessage } from '../lib/api-error';
import { Button } from './button';
import { FormAlert } from './form-alert';

interface CreateFormFooterProps {
  /** The save (useSaveMutation) the form submits to; its refusal shows above the buttons. */
  creating: { isPending: boolean; isError: boolean; error: unknown };
  /** A rule of the whole form, when the service has not refused anything. */
  formMessage?: string | undefined;
  submitLabel: string;
  onCancel: () => void;
}

/** The foot of a form in a dialog that creates something: the refusal, Cancel and Create. */
export function CreateFormFooter({
  creating,
  formMessage,
  submitLabel,
  onCancel,
}: CreateFormFooterProps) {
  return (
    <>
      <FormAlert message={creating.isError ? errorMessage(creating.error) : formMessage} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={creating.isPending}>
          {creating.isPending ? 'Creating…' : submitLabel}
        </Button>
      </div>
    </>
  );
}
