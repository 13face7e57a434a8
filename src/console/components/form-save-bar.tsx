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
  /** Why the signed-in role may not save: said in place of Discard and Save. */
  refusal?: string | undefined;
}

/** The foot of a settings form: its message, then Discard and Save, both idle until something changed. */
export function FormSaveBar({
  message,
  dirty,
  saving,
  onDiscard,
  saveLabel = 'Save changes',
  refusal,
}: FormSaveBarProps) {
  const formMessage = useFormMessage();
  if (refusal) {
    return (
      <p className="rounded-md border border-border bg-surface-muted p-3 text-sm text-muted">
        {refusal} These settings are shown as they are saved.
      </p>
    );
  }
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
