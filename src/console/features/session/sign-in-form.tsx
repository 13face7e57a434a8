import { FormProvider, useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { FormField } from '../../components/form-fields';
import { UnshownErrors } from '../../components/unshown-errors';
import { errorMessage } from '../../lib/api-error';
import { serverRefusal } from '../../lib/console-servers';
import { baseUrlDescription, baseUrlLabel } from './base-url';
import { signInSchema } from './token-sign-in-schema';
import { useSignIn } from './use-sign-in';
import { contractResolver } from '../../lib/contract-resolver';

/** The contract's rules, and the base URL of a server the page lets this console call. */
const schema = signInSchema.superRefine(({ baseUrl }, ctx) => {
  const refusal = serverRefusal(baseUrl);
  if (refusal) ctx.addIssue({ code: 'custom', path: ['baseUrl'], message: refusal });
});

interface SignInFormProps {
  redirectTo: string | undefined;
  /** The server address to start from (the one used last). */
  baseUrl: string;
}

/** The other way in: the workspace ID and workspace auth token that Create Workspace returned. */
export function SignInForm({ redirectTo, baseUrl }: SignInFormProps) {
  const signIn = useSignIn(redirectTo);
  const form = useForm({
    resolver: contractResolver(schema),
    defaultValues: { baseUrl, workspaceId: '', workspaceToken: '' },
  });

  return (
    <FormProvider {...form}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => void form.handleSubmit((values) => signIn.mutate(values))(event)}
      >
        <FormField
          name="workspaceId"
          label="Workspace ID"
          autoComplete="username"
          spellCheck={false}
        />
        <FormField
          name="workspaceToken"
          label="Workspace auth token"
          type="password"
          autoComplete="current-password"
        />
        <FormField
          name="baseUrl"
          label={baseUrlLabel}
          type="url"
          inputMode="url"
          spellCheck={false}
          description={baseUrlDescription()}
        />
        <UnshownErrors />
        <FormAlert message={signIn.isError ? errorMessage(signIn.error) : undefined} />
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
      </form>
    </FormProvider>
  );
}
