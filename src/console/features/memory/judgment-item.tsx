import type { Judgment } from '#contract/memory';
import { formatTime } from '../../lib/format-time';
import { DecisionBadge } from './decision-badge';

/** One judgment in a suggestion's precedent: what was decided, why, by whom, when and where. */
export function JudgmentItem({ judgment }: { judgment: Judgment }) {
  return (
    <li className="space-y-1 rounded-md border border-border px-3 py-2 text-sm">
      <div className="flex flex-wrap items-center gap-2">
        <DecisionBadge decision={judgment.decision} />
        <span className="min-w-0 font-medium break-words">{judgment.text}</span>
      </div>
      {judgment.reason ? <p className="break-words">Reason: {judgment.reason}</p> : null}
      <p className="text-xs break-words text-muted">
        {judgment.reviewerId} · {formatTime(judgment.decidedAt)}
        {judgment.organizationId ? ` · ${judgment.organizationId}` : ''}
        {judgment.documentId ? ` / ${judgment.documentId}` : ''} ·{' '}
        <code className="font-mono">{judgment.judgmentId}</code>
      </p>
    </li>
  );
}
