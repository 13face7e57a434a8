import type { Judgment } from '#contract/memory';
import type { Column } from '../../components/data-table/column';
import { IdText } from '../../components/id-text';
import { formatTime } from '../../lib/format-time';
import { DecisionBadge } from './decision-badge';

/** A long text on one line (rows are all one height), whole in its title. */
const oneLine = (text: string) => (
  <span className="block truncate" title={text}>
    {text}
  </span>
);

/** The judgments table's columns. */
export const judgmentColumns: Column<Judgment>[] = [
  {
    id: 'decision',
    header: 'Decision',
    width: '6.5rem',
    cell: (judgment) => <DecisionBadge decision={judgment.decision} />,
  },
  {
    id: 'text',
    header: 'Judgment',
    width: 'minmax(11rem, 3fr)',
    cell: (judgment) => oneLine(judgment.text),
  },
  {
    id: 'reason',
    header: 'Reason',
    width: 'minmax(7rem, 2fr)',
    cell: (judgment) => (judgment.reason ? oneLine(judgment.reason) : null),
  },
  {
    id: 'reviewer',
    header: 'Reviewer',
    width: 'minmax(7rem, 1fr)',
    cell: (judgment) => <IdText value={judgment.reviewerId} label="reviewer ID" />,
  },
  {
    id: 'where',
    header: 'Organization / document',
    width: 'minmax(8rem, 1.5fr)',
    cell: (judgment) =>
      oneLine(
        [judgment.organizationId ?? 'No organization', judgment.documentId]
          .filter(Boolean)
          .join(' / '),
      ),
  },
  {
    id: 'decidedAt',
    header: 'Decided',
    width: 'minmax(9.5rem, 1fr)',
    cell: (judgment) => formatTime(judgment.decidedAt),
  },
  {
    id: 'source',
    header: 'Source',
    width: '6rem',
    cell: (judgment) => (judgment.activityId ? 'Activity' : 'Added'),
  },
];
