import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '../../components/button';
import { Field } from '../../components/field';
import { errorMessage } from '../../lib/api-error';
import { fieldMessage } from '../../lib/format';
import { type SignInInput, signInSchema, type SignInValues } from './sign-in-schema';
import { useSignIn } from './use-sign-in';

const labels = {
  baseUrl: 'Server base URL',
  workspaceId: 'Workspace ID',
  workspaceToken: 'Workspace auth token',
} as const;

export function SignInForm({ redirectTo }: { redirectTo: string | undefined }) {
  const signIn = useSignIn(redirectTo);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInInput, unknown, SignInValues>({
    resolver: zodResolver(signInSchema),
    defaultValues: { baseUrl: '', workspaceId: '', workspaceToken: '' },
  });

  return (
    <form
      noValidate
      aria-labelledby="sign-in-heading"
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
        label={labels.baseUrl}
        type="url"
        inputMode="url"
        spellCheck={false}
        description={`Optional. Leave empty to use the service that serves this console (${window.location.origin}).`}
        error={fieldMessage(labels.baseUrl, errors.baseUrl?.message)}
        {...register('baseUrl')}
      />
      {signIn.isError ? (
        <p
          role="alert"
          className="rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm text-danger-soft-fg"
        >
          {errorMessage(signIn.error)}
        </p>
      ) : null}
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
