import { type SyntheticEvent, useState } from 'react';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import { fieldErrors, tidyValues } from '../../lib/form-values';
import { fieldMessage } from '../../lib/format';
import { baseUrlDescription, baseUrlLabel } from './base-url';
import { loginLinkSchema, type LoginLinkValues } from './sign-in-schema';
import type { useSendLoginLink } from './use-send-login-link';

const emailLabel = 'E-mail';
const fields = ['email', 'baseUrl'] as const;
type Errors = Partial<Record<(typeof fields)[number], string>>;

interface LoginLinkFormProps {
  /** The server address to start from (the one used last). */
  baseUrl: string;
  sending: ReturnType<typeof useSendLoginLink>;
  onSend: (values: LoginLinkValues) => void;
}

function check(form: HTMLFormElement) {
  const data = new FormData(form);
  const values = Object.fromEntries(
    fields.map((name) => {
      const value = data.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  );
  return loginLinkSchema.safeParse(tidyValues(values, []));
}

/**
 * The first thing the console shows, so it does without a form library (which the sign-in page's
 * bundle budget has no room for): the same contract rule refuses before sending, the first field in
 * error takes the focus, and errors are wired to their fields like in every other form.
 */
export function LoginLinkForm({ baseUrl, sending, onSend }: LoginLinkFormProps) {
  const [errors, setErrors] = useState<Errors>({});

  function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = check(form);
    if (!result.success) {
      const found: Errors = fieldErrors(result.error);
      setErrors(found);
      const first = fields.find((name) => found[name]);
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    onSend(result.data);
  }

  // Once an error shows, it follows the typing, so it goes away as soon as the field is right.
  function onChange(event: SyntheticEvent<HTMLFormElement>) {
    if (Object.keys(errors).length === 0) return;
    const result = check(event.currentTarget);
    setErrors(result.success ? {} : fieldErrors(result.error));
  }

  return (
    // No form library here: each of the schema's two fields is always drawn with its error.
    // eslint-disable-next-line no-restricted-syntax
    <form noValidate className="space-y-5" onSubmit={onSubmit} onChange={onChange}>
      <Field
        label={emailLabel}
        name="email"
        type="email"
        autoComplete="email"
        spellCheck={false}
        description="The workspace owner's address. We e-mail it a link that signs you in."
        error={fieldMessage(emailLabel, errors.email)}
      />
      <Field
        label={baseUrlLabel}
        name="baseUrl"
        type="url"
        inputMode="url"
        spellCheck={false}
        defaultValue={baseUrl}
        description={baseUrlDescription()}
        error={fieldMessage(baseUrlLabel, errors.baseUrl)}
      />
      <FormAlert message={sending.isError ? errorMessage(sending.error) : undefined} />
      <Button type="submit" className="w-full" disabled={sending.isPending}>
        {sending.isPending ? 'Sending…' : 'Send login link'}
      </Button>
    </form>
  );
}
