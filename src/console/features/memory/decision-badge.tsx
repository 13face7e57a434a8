import type { Decision } from '#contract/memory';
import { Badge } from '../../components/badge';

/** Approve or reject, in words and colour (the colour never alone). */
export function DecisionBadge({ decision }: { decision: Decision }) {
  return (
    <Badge tone={decision === 'approve' ? 'success' : 'danger'}>
      {decision === 'approve' ? 'Approve' : 'Reject'}
    </Badge>
  );
}
