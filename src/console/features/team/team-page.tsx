import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { inviteMember, type Member } from '#contract/team';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { FormDialog } from '../../components/form-dialog';
import { useSignedIn } from '../../lib/use-role';
import { InviteForm } from './invite-form';
import { invitationActions, memberActions } from './member-actions';
import { invitationColumns, memberColumns } from './member-columns';
import { teamQueries } from './queries';
import { useInviteMember } from './use-member-changes';

/**
 * The workspace's team: its members with their role, status and last sign-in, then the
 * invitations not yet taken up. The owner invites, changes roles, signs members out, removes
 * them, and re-sends or cancels invitations; everyone else reads the list.
 */
export function TeamPage({ workspaceId }: { workspaceId: string }) {
  const signedIn = useSignedIn();
  const you = signedIn?.kind === 'person' ? signedIn.email : undefined;
  const members = useQuery(teamQueries.members(workspaceId));
  const [active, invitations] = useMemo(() => {
    const all = members.data ?? [];
    return [
      all.filter((member) => member.status === 'active'),
      all.filter((member) => member.status !== 'active'),
    ];
  }, [members.data]);
  const resending = useInviteMember(workspaceId, { again: true });
  const resend = {
    run: (member: Member) =>
      resending.mutate({ email: member.email, role: member.role === 'admin' ? 'admin' : 'viewer' }),
    running: (member: Member) =>
      resending.isPending && resending.variables.email === member.email ? 'Sending…' : undefined,
  };
  const columns = useMemo(
    () => ({ members: memberColumns(you), invitations: invitationColumns(you) }),
    [you],
  );
  const actions = useMemo(() => memberActions(workspaceId), [workspaceId]);
  const status = tableStatus(members);
  const rowKey = (member: Member) => member.email;

  return (
    <div className="space-y-6">
      <Card className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold">Members</h2>
            <p className="text-sm text-muted">
              The owner manages the team; admins change everything else; viewers read.
            </p>
          </div>
          <FormDialog
            label="Invite member"
            endpoint={inviteMember}
            title="Invite a member"
            description="They get an e-mail with a sign-in link, which joins them to this workspace with the role you choose."
          >
            {(close) => <InviteForm workspaceId={workspaceId} onClose={close} />}
          </FormDialog>
        </div>
        <DataTable
          label="Members"
          columns={columns.members}
          rows={active}
          rowKey={rowKey}
          actions={actions}
          status={status}
          empty={<EmptyState title="No members yet" />}
          noun={['member', 'members']}
          minWidth="46rem"
        />
      </Card>
      <Card className="space-y-4">
        <div>
          <h2 className="text-lg font-semibold">Invitations</h2>
          <p className="text-sm text-muted">
            Pending until the invitee signs in through the link; expired after 7 days, when
            re-sending gives a new link.
          </p>
        </div>
        <DataTable
          label="Invitations"
          columns={columns.invitations}
          rows={invitations}
          rowKey={rowKey}
          actions={invitationActions(workspaceId, resend)}
          status={status}
          empty={
            <EmptyState title="No pending invitations">
              Invitations show here until they are taken up.
            </EmptyState>
          }
          noun={['invitation', 'invitations']}
          minWidth="48rem"
        />
      </Card>
    </div>
  );
}
