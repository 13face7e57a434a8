import { useId } from 'react';
import type { SuggestDecisionRequest, Suggestion } from '#contract/memory';
import { Card } from '../../components/card';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { ConfidenceMeter } from './confidence-meter';
import { DecisionBadge } from './decision-badge';
import { SupportingJudgments } from './supporting-judgments';

interface SuggestionCardProps {
  apiKey: ApiKeyCredentials;
  /** The question asked: its scope is where the supporting judgments are looked up. */
  request: SuggestDecisionRequest;
  suggestion: Suggestion;
  kind: 'primary' | 'conflict';
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** One suggestion: the decision, how sure, on what evidence, with what warnings, and its precedent. */
export function SuggestionCard({ apiKey, request, suggestion, kind }: SuggestionCardProps) {
  const headingId = useId();
  const title = kind === 'primary' ? 'Suggested decision' : 'Conflicting view';
  return (
    <Card className="min-w-0 space-y-4">
      <article aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-base font-semibold">
            {title}: {suggestion.recommendation === 'approve' ? 'Approve' : 'Reject'}
          </h3>
          <DecisionBadge decision={suggestion.recommendation} />
        </div>
        <ConfidenceMeter value={suggestion.confidence} />
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">Scope</dt>
          <dd>
            {suggestion.scopeLabel}{' '}
            <code className="font-mono text-xs text-muted">({suggestion.scope})</code>
          </dd>
          <dt className="text-muted">Based on</dt>
          <dd>{plural(suggestion.basedOn, 'judgment', 'judgments')}</dd>
          <dt className="text-muted">Reviewers</dt>
          <dd>{plural(suggestion.uniqueReviewers, 'reviewer', 'distinct reviewers')}</dd>
        </dl>
        <TextList title="Reasons" items={suggestion.topReasons} empty="No reason was given." />
        {suggestion.caveats.length > 0 ? (
          <div className="rounded-md border border-warning bg-warning-soft px-3 py-2 text-sm text-warning-soft-fg">
            <TextList title="Caveats" items={suggestion.caveats} empty="" />
          </div>
        ) : null}
        <SupportingJudgments
          apiKey={apiKey}
          scope={{
            organizationId: request.organizationId,
            documentId: request.documentId,
            decision: suggestion.recommendation,
          }}
          ids={suggestion.supportingJudgmentIds ?? []}
          title={title}
        />
      </article>
    </Card>
  );
}

function TextList({ title, items, empty }: { title: string; items: string[]; empty: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <h4 id={id} className="text-sm font-medium">
        {title}
      </h4>
      {items.length === 0 ? (
        <p className="text-sm text-muted">{empty}</p>
      ) : (
        <ul aria-labelledby={id} className="list-disc space-y-0.5 pl-5 text-sm">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
