import type { AuditEntry } from '#contract/audit-log';
import type { Column } from '../../components/data-table/column';
import { formatTime } from '../../lib/format-time';
import { actorText, changeText } from './entry-text';

/**
 * The audit log's columns, newest first (the service's only order); a row opens the entry's
 * details. Cells stay a few elements each, as the table draws a screenful per frame.
 */
export const entryColumns: Column<AuditEntry>[] = [
  {
    id: 'at',
    header: 'Time',
    width: '11rem',
    cell: (entry) => (
      <time dateTime={entry.at} className="text-xs">
        {formatTime(entry.at)}
      </time>
    ),
  },
  {
    id: 'action',
    header: 'Action',
    width: 'minmax(11rem, 1fr)',
    cell: (entry) => <span className="block truncate font-medium">{entry.action}</span>,
  },
  {
    id: 'actor',
    header: 'Actor',
    width: 'minmax(11rem, 1fr)',
    cell: (entry) => {
      const actor = actorText(entry.actor);
      return (
        <>
          <span className="block truncate text-xs" title={actor}>
            {actor}
          </span>
          <code className="block truncate font-mono text-xs text-muted">{entry.actor.ip}</code>
        </>
      );
    },
  },
  {
    id: 'target',
    header: 'Targets',
    width: 'minmax(9rem, 1fr)',
    cell: (entry) => {
      const ids = Object.values(entry.target).join(', ');
      return (
        <code className="block truncate font-mono text-xs" title={ids}>
          {ids || '—'}
        </code>
      );
    },
  },
  {
    id: 'changes',
    header: 'What changed',
    width: 'minmax(11rem, 1.5fr)',
    cell: (entry) => {
      const text = changeText(entry);
      return (
        <span className="block truncate text-xs" title={text}>
          {text || '—'}
        </span>
      );
    },
  },
];
