import { INVITATION_LIFETIME_DAYS, type Member, type MemberStatus } from '#contract/team';
import { Badge, type BadgeTone } from '../../components/badge';
import type { Column } from '../../components/data-table/column';
import { TimeText } from '../../components/time-text';
import { roleLabels } from '../../lib/role-label';

const statusBadges: Record<MemberStatus, { label: string; tone: BadgeTone }> = {
  active: { label: 'Active', tone: 'success' },
  invited: { label: 'Pending', tone: 'accent' },
  expired: { label: 'Expired', tone: 'warning' },
};

const dayMs = 24 * 60 * 60 * 1000;

/** When an invitation stops working: seven days after it was sent. */
export function invitationExpiry(member: Member): string | undefined {
  if (!member.invitedAt) return undefined;
  return new Date(Date.parse(member.invitedAt) + INVITATION_LIFETIME_DAYS * dayMs).toISOString();
}

const emailColumn = (you: string | undefined): Column<Member> => ({
  id: 'email',
  header: 'E-mail',
  width: 'minmax(12rem, 2fr)',
  cell: (member) => (
    <span className="flex min-w-0 items-center gap-2">
      <span className="truncate font-medium" title={member.email}>
        {member.email}
      </span>
      {member.email.toLowerCase() === you?.toLowerCase() ? <Badge tone="accent">You</Badge> : null}
    </span>
  ),
});

const roleColumn: Column<Member> = {
  id: 'role',
  header: 'Role',
  width: '6rem',
  cell: (member) => <Badge>{roleLabels[member.role]}</Badge>,
};

const statusColumn: Column<Member> = {
  id: 'status',
  header: 'Status',
  width: '6rem',
  cell: (member) => (
    <Badge tone={statusBadges[member.status].tone}>{statusBadges[member.status].label}</Badge>
  ),
};

/** The active members: who, their role, when they last signed in. */
export function memberColumns(you: string | undefined): Column<Member>[] {
  return [
    emailColumn(you),
    roleColumn,
    statusColumn,
    {
      id: 'lastSignInAt',
      header: 'Last sign-in',
      // A date and a time on two lines: the table fits a 1280 px window.
      width: '8rem',
      cell: (member) => <TimeText at={member.lastSignInAt} none="Never" />,
    },
  ];
}

/** The invitations not yet taken up: to whom, as what, from whom, and until when. */
export function invitationColumns(you: string | undefined): Column<Member>[] {
  return [
    emailColumn(you),
    roleColumn,
    statusColumn,
    {
      id: 'invitedBy',
      header: 'Invited by',
      width: 'minmax(9rem, 1fr)',
      cell: (member) => (
        <span className="block truncate text-xs" title={member.invitedBy ?? undefined}>
          {member.invitedBy ?? 'Created the workspace'}
        </span>
      ),
    },
    {
      id: 'expires',
      header: 'Expires',
      width: '8rem',
      cell: (member) => <TimeText at={invitationExpiry(member)} />,
    },
  ];
}
