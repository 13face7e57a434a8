import type { UseQueryResult } from '@tanstack/react-query';
import type { SuggestDecisionRequest, SuggestDecisionResult } from '#contract/memory';
import { EmptyState } from '../../components/empty-state';
import { QueryError } from '../../components/query-error';
import { Pending } from '../../components/query-state';
import { Skeleton } from '../../components/skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { AddJudgmentDialog } from './add-judgment-dialog';
import { SuggestionCard } from './suggestion-card';

interface SuggestionResultsProps {
  apiKey: ApiKeyCredentials;
  request: SuggestDecisionRequest;
  suggestion: UseQueryResult<SuggestDecisionResult>;
}

/** The primary suggestion and, when the evidence is split, the conflicting one beside it. */
export function SuggestionResults({ apiKey, request, suggestion }: SuggestionResultsProps) {
  if (suggestion.isPending) {
    return (
      <Pending label="Asking for a suggestion…">
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-72 w-full" />
          <Skeleton className="h-72 w-full" />
        </div>
      </Pending>
    );
  }
  if (suggestion.isError) {
    return <QueryError error={suggestion.error} onRetry={() => void suggestion.refetch()} />;
  }
  const { primary, conflict } = suggestion.data;
  if (!primary) {
    return (
      <EmptyState
        title="No suggestion for this question"
        action={
          <AddJudgmentDialog
            apiKey={apiKey}
            organizationId={request.organizationId}
            documentId={request.documentId}
          />
        }
      >
        A suggestion needs at least 2 similar judgments on its leading side in the scope asked
        about. Add judgments, or ask in a wider scope.
      </EmptyState>
    );
  }
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <SuggestionCard apiKey={apiKey} request={request} suggestion={primary} kind="primary" />
      {conflict ? (
        <SuggestionCard apiKey={apiKey} request={request} suggestion={conflict} kind="conflict" />
      ) : null}
    </div>
  );
}
