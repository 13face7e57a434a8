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

/**
 * The form's values by the contract's rule, or the errors to show. Another server's base URL is
 * also checked against the servers the page lets this console call, by a module loaded only then.
 */
async function check(
  form: HTMLFormElement,
): Promise<{ values: LoginLinkValues; errors?: never } | { errors: Errors }> {
  const data = new FormData(form);
  const values = Object.fromEntries(
    fields.map((name) => {
      const value = data.get(name);
      return [name, typeof value === 'string' ? value : ''];
    }),
  );
  const result = loginLinkSchema.safeParse(tidyValues(values, []));
  if (!result.success) return { errors: fieldErrors(result.error) };
  const { baseUrl } = result.data;
  const refusal = baseUrl && (await import('../../lib/console-servers')).serverRefusal(baseUrl);
  return refusal ? { errors: { baseUrl: refusal } } : { values: result.data };
}

/**
 * The first thing the console shows, so it does without a form library (which the sign-in page's
 * bundle budget has no room for): the same contract rule refuses before sending, the first field in
 * error takes the focus, and errors are wired to their fields like in every other form.
 */
export function LoginLinkForm({ baseUrl, sending, onSend }: LoginLinkFormProps) {
  const [errors, setErrors] = useState<Errors>({});

  async function onSubmit(event: SyntheticEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = await check(form);
    if (result.errors) {
      setErrors(result.errors);
      const first = fields.find((name) => result.errors[name]);
      if (first) form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    onSend(result.values);
  }

  // Once an error shows, it follows the typing, so it goes away as soon as the field is right.
  async function onChange(event: SyntheticEvent<HTMLFormElement>) {
    if (Object.keys(errors).length === 0) return;
    setErrors((await check(event.currentTarget)).errors ?? {});
  }

  return (
    // No form library here: each of the schema's two fields is always drawn with its error.
    // eslint-disable-next-line no-restricted-syntax
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => void onSubmit(event)}
      onChange={(event) => void onChange(event)}
    >
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
