import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import { fieldMessage } from '../../lib/format';
import { baseUrlDescription, baseUrlLabel } from './base-url';
import { signInSchema } from './token-sign-in-schema';
import { useSignIn } from './use-sign-in';
import { trimmingValues } from '../../lib/trimmed-values';

const labels = {
  workspaceId: 'Workspace ID',
  workspaceToken: 'Workspace auth token',
} as const;

interface SignInFormProps {
  redirectTo: string | undefined;
  /** The server address to start from (the one used last). */
  baseUrl: string;
}

/** The other way in: the workspace ID and workspace auth token that Create Workspace returned. */
export function SignInForm({ redirectTo, baseUrl }: SignInFormProps) {
  const signIn = useSignIn(redirectTo);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: trimmingValues(zodResolver(signInSchema)),
    defaultValues: { baseUrl, workspaceId: '', workspaceToken: '' },
  });

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => void handleSubmit((values) => signIn.mutate(values))(event)}
    >
      <Field
        label={labels.workspaceId}
        autoComplete="username"
        spellCheck={false}
        error={fieldMessage(labels.workspaceId, errors.workspaceId?.message)}
        {...register('workspaceId')}
      />
      <Field
        label={labels.workspaceToken}
        type="password"
        autoComplete="current-password"
        error={fieldMessage(labels.workspaceToken, errors.workspaceToken?.message)}
        {...register('workspaceToken')}
      />
      <Field
        label={baseUrlLabel}
        type="url"
        inputMode="url"
        spellCheck={false}
        description={baseUrlDescription()}
        error={fieldMessage(baseUrlLabel, errors.baseUrl?.message)}
        {...register('baseUrl')}
      />
      <FormAlert message={signIn.isError ? errorMessage(signIn.error) : undefined} />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
