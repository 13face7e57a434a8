import type { ReactNode } from 'react';
import type { AgentExecution } from '#contract/agents';
import { Badge } from '../../components/badge';
import { IdText } from '../../components/id-text';
import { DetailPanel } from '../../components/detail-panel';
import { formatTime } from '../../lib/format-time';
import { formatDuration } from './duration';
import { ExecutionStatusBadge } from './execution-status';

const severityOrder = ['critical', 'high', 'medium', 'low', 'info'];

/** Severities most severe first (the known ones), then any others by name. */
function bySeverity([a]: [string, number], [b]: [string, number]): number {
  const rank = (name: string) => {
    const index = severityOrder.indexOf(name.toLowerCase());
    return index === -1 ? severityOrder.length : index;
  };
  return rank(a) - rank(b) || a.localeCompare(b);
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function Json({ summary, value }: { summary: string; value: unknown }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted hover:text-text">{summary}</summary>
      <pre className="mt-2 max-h-48 overflow-auto rounded-md bg-surface-muted p-3 font-mono text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </details>
  );
}

const count = (value: number) => value.toLocaleString('en');

/**
 * One execution opened (`?execution=` in the address): its message and timing, and what the
 * newer record adds when it was recorded: model, token usage, findings by severity, error.
 */
export function ExecutionDetails({
  execution,
  onClose,
}: {
  execution: AgentExecution;
  onClose: () => void;
}) {
  const severities = Object.entries(execution.resultsSummary?.severityCounts ?? {}).sort(
    bySeverity,
  );
  const findings = execution.resultsSummary?.findings ?? [];
  return (
    <DetailPanel
      id={`execution-${execution.id}`}
      title={`${execution.agentName} v${execution.agentVersion}`}
      badge={<ExecutionStatusBadge status={execution.status} />}
      summary={<p className="text-sm break-words">{execution.message || 'No message recorded.'}</p>}
      onClose={onClose}
    >
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Row label="Execution">
          <IdText value={execution.id} label="execution ID" className="text-xs" />
        </Row>
        <Row label="Agent">
          <IdText value={execution.agentId} label="agent ID" className="text-xs" />
        </Row>
        <Row label="Trigger">{execution.trigger}</Row>
        <Row label="Started">
          <time dateTime={new Date(execution.startedAt).toISOString()}>
            {formatTime(execution.startedAt)}
          </time>
        </Row>
        <Row label="Completed">
          {execution.completedAt === null ? (
            'Still running'
          ) : (
            <time dateTime={new Date(execution.completedAt).toISOString()}>
              {formatTime(execution.completedAt)}
            </time>
          )}
        </Row>
        <Row label="Duration">
          {execution.durationMs === null ? 'Running…' : formatDuration(execution.durationMs)}
        </Row>
        {execution.organizationId ? (
          <Row label="Organization">
            <IdText value={execution.organizationId} label="organization ID" className="text-xs" />
          </Row>
        ) : null}
        {execution.documentId ? (
          <Row label="Document">
            <IdText value={execution.documentId} label="document ID" className="text-xs" />
          </Row>
        ) : null}
        {execution.llmModel ? <Row label="Model">{execution.llmModel}</Row> : null}
        {execution.tokenUsage ? (
          <Row label="Tokens">
            {count(execution.tokenUsage.input)} in · {count(execution.tokenUsage.output)} out ·{' '}
            {count(execution.tokenUsage.input + execution.tokenUsage.output)} in all
          </Row>
        ) : null}
        {execution.resultsSummary ? (
          <Row label="Findings">
            {severities.length === 0 ? (
              'None'
            ) : (
              <ul aria-label="Findings by severity" className="flex flex-wrap gap-1">
                {severities.map(([severity, n]) => (
                  <li key={severity}>
                    <Badge tone={n > 0 ? 'warning' : 'neutral'}>
                      {severity}: {count(n)}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </Row>
        ) : null}
      </dl>
      {execution.error ? (
        <div role="note" aria-label="Error" className="rounded-md border border-danger p-3 text-sm">
          <p className="font-medium text-danger">
            <code className="font-mono">{execution.error.code}</code>
            {execution.error.retryable ? ' · retryable' : ' · not retryable'}
          </p>
          <p className="mt-1 break-words">{execution.error.message}</p>
        </div>
      ) : null}
      {findings.length > 0 ? (
        <Json summary={`${count(findings.length)} findings`} value={findings} />
      ) : null}
      {execution.metadata ? <Json summary="Metadata" value={execution.metadata} /> : null}
    </DetailPanel>
  );
}
