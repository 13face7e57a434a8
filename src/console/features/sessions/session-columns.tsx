import type { Session } from '#contract/sessions';
import { Badge } from '../../components/badge';
import type { Column } from '../../components/data-table/column';
import { TimeText } from '../../components/time-text';
import { deviceText } from './device';

/** The person's sessions: the device and address each signed in from, when, last seen. */
export const sessionColumns: Column<Session>[] = [
  {
    id: 'device',
    header: 'Device',
    width: 'minmax(13rem, 2fr)',
    cell: (session) => (
      <span className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="truncate font-medium" title={session.userAgent}>
          {deviceText(session.userAgent)}
        </span>
        {session.current ? <Badge tone="accent">This device</Badge> : null}
      </span>
    ),
  },
  {
    id: 'address',
    header: 'Address',
    width: 'minmax(8rem, 1fr)',
    cell: (session) => (
      <code className="block truncate font-mono text-xs" title={session.address}>
        {session.address}
      </code>
    ),
  },
  {
    id: 'createdAt',
    header: 'Signed in',
    width: '12rem',
    cell: (s) => <TimeText at={s.createdAt} />,
  },
  {
    id: 'lastSeenAt',
    header: 'Last seen',
    width: '12rem',
    cell: (s) => <TimeText at={s.lastSeenAt} />,
  },
];
