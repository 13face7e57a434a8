import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { CenteredPage } from '../../components/centered-page';
import { Skeleton } from '../../components/skeleton';
import { errorMessage } from '../../lib/api-error';
import { useDocumentTitle } from '../../lib/use-document-title';
import { OutboxMessageCard } from './outbox-message-card';
import { sessionQueries } from './queries';
import { rememberedServer } from '../../lib/remembered-server';

const linkClasses = 'font-medium text-accent underline underline-offset-2';
/** New mail shows up on its own while the page is open. */
const refreshMs = 5000;

/** The mail a service without SMTP kept, newest first, optionally only one recipient's. */
export function OutboxPage({ to }: { to: string | undefined }) {
  useDocumentTitle('Local outbox');
  const [baseUrl] = useState(rememberedServer);
  const outbox = useQuery({ ...sessionQueries.outbox(baseUrl), refetchInterval: refreshMs });
  const wanted = to?.trim().toLowerCase();
  const messages = (outbox.data ?? []).filter(
    (message) => !wanted || message.to.toLowerCase() === wanted,
  );

  let body;
  if (outbox.isPending) {
    body = (
      <div aria-busy="true" className="space-y-3">
        <p role="status" className="sr-only">
          Loading the outbox…
        </p>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (outbox.isError) {
    body = (
      <Card className="space-y-2">
        <p className="font-medium">This service has no local outbox.</p>
        <p className="text-sm text-muted">
          It sends its mail through its SMTP server, so look for the login link in the mailbox of
          the address instead.
        </p>
        <p className="text-xs break-words text-muted">{errorMessage(outbox.error)}</p>
      </Card>
    );
  } else if (messages.length === 0) {
    body = (
      <Card>
        <p className="font-medium">{to ? `No mail to ${to} yet.` : 'No mail yet.'}</p>
        <p className="mt-1 text-sm text-muted">
          Mail appears here a moment after it is sent; this page refreshes on its own.
        </p>
      </Card>
    );
  } else {
    body = (
      <ul aria-label="Messages" className="space-y-3">
        {messages.map((message) => (
          <li key={`${message.sentAt}-${message.to}-${message.subject}`}>
            <OutboxMessageCard message={message} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <CenteredPage wide>
      <div className="space-y-6">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold">Local outbox</h1>
          <p className="text-sm text-muted">
            The service has no mail server configured, so it keeps the mail it would send here:
            newest first, the last 200, until it restarts.
          </p>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            {to ? (
              <span>
                Mail to <strong className="wrap-anywhere">{to}</strong> ·{' '}
                <Link to="/outbox" className={linkClasses}>
                  show all
                </Link>
              </span>
            ) : null}
            <Link to="/sign-in" className={linkClasses}>
              Back to sign in
            </Link>
          </p>
        </div>
        <div className="flex justify-end">
          <Button
            variant="secondary"
            size="sm"
            disabled={outbox.isFetching}
            onClick={() => void outbox.refetch()}
          >
            {outbox.isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        </div>
        {body}
      </div>
    </CenteredPage>
  );
}
