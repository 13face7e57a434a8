import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '../../components/button';
import { FormAlert } from '../../components/form-alert';
import { errorMessage } from '../../lib/api-error';
import { sessionQueries } from './queries';
import type { useSendLoginLink } from './use-send-login-link';

interface CheckInboxProps {
  email: string;
  baseUrl: string;
  secondsLeft: number;
  resending: ReturnType<typeof useSendLoginLink>;
  onResend: () => void;
  onBack: () => void;
}

const linkClasses = 'font-medium text-accent underline underline-offset-2';

/** After a link was sent: where to look, the local outbox when there is one, and a resend. */
export function CheckInbox({
  email,
  baseUrl,
  secondsLeft,
  resending,
  onResend,
  onBack,
}: CheckInboxProps) {
  // The outbox exists only when the service has no SMTP server; asking is how to find out.
  const outbox = useQuery(sessionQueries.outbox(baseUrl));
  const waiting = secondsLeft > 0;

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold">Check your inbox</h1>
        <p className="mt-2 text-sm text-muted">
          We sent a sign-in link to <strong className="wrap-anywhere text-text">{email}</strong>.
          Open it in this browser to sign in; it works once and expires in one hour.
        </p>
      </div>
      {outbox.isSuccess ? (
        <div className="rounded-md border border-border bg-surface-muted p-4 text-sm">
          <p className="font-medium">This service keeps its mail in a local outbox.</p>
          <p className="mt-1 text-muted">
            It has no mail server configured, so nothing leaves this machine.{' '}
            <Link to="/outbox" search={{ to: email }} className={linkClasses}>
              Open the local outbox
            </Link>{' '}
            or read it as{' '}
            <a href={`${baseUrl}/dev/outbox`} className={linkClasses}>
              JSON
            </a>
            .
          </p>
        </div>
      ) : null}
      <FormAlert message={resending.isError ? errorMessage(resending.error) : undefined} />
      <p role="status" className="text-sm text-muted">
        {resending.isSuccess ? 'A new link is on its way; only the newest one is needed.' : ''}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          variant="secondary"
          className="sm:flex-1"
          disabled={waiting || resending.isPending}
          onClick={onResend}
        >
          {resending.isPending
            ? 'Sending…'
            : waiting
              ? `Resend link in ${secondsLeft} s`
              : 'Resend link'}
        </Button>
        <Button variant="ghost" className="sm:flex-1" onClick={onBack}>
          Use a different e-mail
        </Button>
      </div>
    </div>
  );
}
