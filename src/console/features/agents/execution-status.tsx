import type { AgentExecutionStatus } from '#contract/agents';
import { Badge, type BadgeTone } from '../../components/badge';

const tones: Record<AgentExecutionStatus, BadgeTone> = {
  running: 'accent',
  passed: 'success',
  failed: 'warning',
  error: 'danger',
  skipped: 'neutral',
};

export const statusLabels: Record<AgentExecutionStatus, string> = {
  running: 'Running',
  passed: 'Passed',
  // DESIGN.md: a failed run completed and found something; an error is a run that broke.
  failed: 'Failed (findings)',
  error: 'Error',
  skipped: 'Skipped',
};

export function ExecutionStatusBadge({ status }: { status: AgentExecutionStatus }) {
  return (
    <Badge tone={tones[status]} data-testid="execution-status">
      {statusLabels[status]}
    </Badge>
  );
}
