import type { ReactNode } from 'react';
import { type FieldValues, FormProvider } from 'react-hook-form';
import type { SettingsFormState } from '../lib/use-settings-form';
import { FormSaveBar } from './form-save-bar';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

interface SettingsFormProps<Values extends FieldValues, Request> {
  settings: SettingsFormState<Values, Request>;
  /** The form's accessible name. */
  label: string;
  saveLabel?: string;
  children: ReactNode;
}

/**
 * The frame of a settings form (useSettingsForm): the form context its fields read their errors
 * from, the unsaved-changes guard, and the save bar with the service's refusal, Discard and Save.
 */
export function SettingsForm<Values extends FieldValues, Request>({
  settings,
  label,
  saveLabel,
  children,
}: SettingsFormProps<Values, Request>) {
  return (
    <FormProvider {...settings.form}>
      <form
        noValidate
        aria-label={label}
        className="space-y-6"
        onSubmit={(event) => void settings.submit(event)}
      >
        <UnsavedChangesGuard when={settings.dirty && !settings.saving} />
        {/* A role that may not save reads the settings: every field is disabled. */}
        <fieldset disabled={settings.refusal !== undefined} className="min-w-0 space-y-6">
          {children}
        </fieldset>
        <FormSaveBar
          message={settings.message}
          dirty={settings.dirty}
          saving={settings.saving}
          onDiscard={settings.discard}
          saveLabel={saveLabel}
          refusal={settings.refusal}
        />
      </form>
    </FormProvider>
  );
}
