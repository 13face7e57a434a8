import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/api-error';
import { type LoginResult, useCompleteLogin } from './use-complete-login';

interface CompleteLoginProps {
  oobCode: string;
  baseUrl: string;
  onCompleted: (login: LoginResult) => void;
  onStartOver: () => void;
}

/** The landing of a login link: Complete Login runs at once; a used or expired link says so. */
export function CompleteLogin({ oobCode, baseUrl, onCompleted, onStartOver }: CompleteLoginProps) {
  const completion = useCompleteLogin(oobCode, baseUrl, onCompleted);

  if (completion.isError) {
    return (
      <div className="space-y-5">
        <h1 className="text-xl font-semibold">This login link did not work</h1>
        <FormAlert message={errorMessage(completion.error)} />
        <Button className="w-full" onClick={onStartOver}>
          Send a new link
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-4" aria-busy="true">
      <h1 className="text-xl font-semibold">Signing you in…</h1>
      <p role="status" className="text-sm text-muted">
        Checking the login link with the service.
      </p>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}
