import { useFormMessage } from '../lib/use-shown-field';
import { Button } from './button';
import { FormAlert } from './form-alert';
import { UnshownErrors } from './unshown-errors';

interface FormSaveBarProps {
  /** The server's refusal; else the form's own rule (`root`) shows above the buttons. */
  message: string | undefined;
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  saveLabel?: string;
}

/** The foot of a settings form: its message, then Discard and Save, both idle until something changed. */
export function FormSaveBar({
  message,
  dirty,
  saving,
  onDiscard,
  saveLabel = 'Save changes',
}: FormSaveBarProps) {
  const formMessage = useFormMessage();
  return (
    <>
      <UnshownErrors />
      <FormAlert message={message ?? formMessage} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={!dirty || saving} onClick={onDiscard}>
          Discard changes
        </Button>
        <Button type="submit" disabled={!dirty || saving}>
          {saving ? 'Saving…' : saveLabel}
        </Button>
      </div>
    </>
  );
}
