import { useQuery } from '@tanstack/react-query';
import { getSessions, revokeSessions, type Session } from '#contract/sessions';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { errorMessage } from '../../lib/api-error';
import { formatTime } from '../../lib/format-time';
import { useMayCall } from '../../lib/use-may-call';
import { deviceText } from './device';
import { sessionsQueries } from './queries';
import { sessionColumns } from './session-columns';
import { useRevokeSessions } from './use-revoke-sessions';

/**
 * The signed-in person's sessions, on every device: which browser, from where, since when, last
 * seen; one can be signed out, or every one but this. A workspace token has no sessions.
 */
export function SessionsPage() {
  const permission = useMayCall(getSessions);
  if (!permission.allowed) {
    return (
      <Card>
        <p className="font-medium">You signed in with the workspace token.</p>
        <p className="mt-1 text-sm text-muted">
          Sessions are a person&apos;s: sign in with a login link sent to your e-mail to see and end
          yours here.
        </p>
      </Card>
    );
  }
  return <MySessions />;
}

function MySessions() {
  const sessions = useQuery(sessionsQueries.mine());
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  const revoking = useRevokeSessions({ inlineErrors: false });
  const revokingOthers = useRevokeSessions();

  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted">
          Sign out a device you no longer use or do not recognise: its next request is refused.
        </p>
        <ConfirmDialog
          trigger={
            <Button variant="secondary" disabled={others === 0}>
              Sign out all other sessions
            </Button>
          }
          endpoint={revokeSessions}
          onOpenChange={(open) => {
            if (!open) revokingOthers.reset();
          }}
          title="Sign out all other sessions?"
          description={`${others === 1 ? '1 other session ends' : `${others} other sessions end`}; this one stays.`}
          confirmLabel="Sign them out"
          pendingLabel="Signing out…"
          pending={revokingOthers.isPending}
          error={revokingOthers.isError ? errorMessage(revokingOthers.error) : undefined}
          onConfirm={() => revokingOthers.mutateAsync({ all: true, keepCurrent: true })}
        />
      </div>
      <DataTable<Session>
        label="Sessions"
        columns={sessionColumns}
        rows={sessions.data ?? []}
        rowKey={(session) => session.sessionId}
        actions={{
          header: 'Actions',
          items: [
            {
              label: 'Sign out',
              name: (session) =>
                `Sign out ${deviceText(session.userAgent)}, signed in ${formatTime(session.createdAt)}`,
              endpoint: revokeSessions,
              unavailable: (session) =>
                session.current
                  ? 'This is the session you are using: use Sign out in the menu.'
                  : undefined,
              run: (session) => revoking.mutate({ sessionId: session.sessionId }),
              running: (session) =>
                revoking.isPending &&
                revoking.variables &&
                'sessionId' in revoking.variables &&
                revoking.variables.sessionId === session.sessionId
                  ? 'Signing out…'
                  : undefined,
            },
          ],
        }}
        status={tableStatus(sessions)}
        empty={<EmptyState title="No sessions" />}
        noun={['session', 'sessions']}
        minWidth="46rem"
      />
    </Card>
  );
}
