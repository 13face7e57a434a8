import type { AgentExecution } from '#contract/agents';
import type { Column } from '../../components/data-table/column';
import { IdText } from '../../components/id-text';
import { formatTime } from '../../lib/format-time';
import { formatDuration } from './duration';
import { ExecutionStatusBadge } from './execution-status';

/**
 * The executions table's columns: a row opens the execution's details. Cells stay a few elements
 * each: scrolling 100,000 rows draws a new screenful of them on every frame.
 */
export const executionColumns: Column<AgentExecution>[] = [
  {
    id: 'status',
    header: 'Status',
    width: '9rem',
    cell: (execution) => <ExecutionStatusBadge status={execution.status} />,
  },
  {
    id: 'agent',
    header: 'Agent',
    width: 'minmax(10rem, 1fr)',
    cell: (execution) => (
      <>
        <span className="block truncate font-medium">
          {execution.agentName} v{execution.agentVersion}
        </span>
        <IdText value={execution.agentId} label="agent ID" className="text-xs text-muted" />
      </>
    ),
  },
  {
    id: 'startedAt',
    header: 'Started',
    width: '12rem',
    sortable: true,
    cell: (execution) => (
      <time dateTime={new Date(execution.startedAt).toISOString()} className="text-xs">
        {formatTime(execution.startedAt)}
      </time>
    ),
  },
  {
    id: 'duration',
    header: 'Duration',
    width: '7rem',
    cell: (execution) =>
      execution.durationMs === null ? (
        <span className="text-xs text-muted">Running…</span>
      ) : (
        <span className="tabular-nums">{formatDuration(execution.durationMs)}</span>
      ),
  },
  {
    id: 'message',
    header: 'Message',
    width: 'minmax(12rem, 2fr)',
    cell: (execution) => (
      <>
        <span className="block truncate" title={execution.message}>
          {execution.message || '—'}
        </span>
        {execution.organizationId ? (
          <code
            className="block truncate font-mono text-xs text-muted"
            title={[execution.organizationId, execution.documentId].filter(Boolean).join(' / ')}
          >
            {[execution.organizationId, execution.documentId].filter(Boolean).join(' / ')}
          </code>
        ) : null}
      </>
    ),
  },
];
