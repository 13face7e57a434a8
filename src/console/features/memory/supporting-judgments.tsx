import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { QueryState } from '../../components/query-state';
import { Skeleton } from '../../components/skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { JudgmentItem } from './judgment-item';
import { JUDGMENTS_PAGE_MAX_READ, type SupportingScope, memoryQueries } from './queries';

interface SupportingJudgmentsProps {
  apiKey: ApiKeyCredentials;
  scope: SupportingScope;
  ids: readonly string[];
  /** The card's title, to name the list apart from the other card's. */
  title: string;
}

/** The judgments a suggestion drew on, best first, read from its `supportingJudgmentIds`. */
export function SupportingJudgments({ apiKey, scope, ids, title }: SupportingJudgmentsProps) {
  const headingId = useId();
  const found = useQuery(memoryQueries.supporting(apiKey, scope, ids));
  return (
    <section aria-labelledby={headingId} className="space-y-2 border-t border-border pt-3">
      <h4 id={headingId} className="text-sm font-medium">
        Supporting judgments<span className="sr-only"> of the {title.toLowerCase()}</span>
        {ids.length > 0 ? ` (${ids.length})` : ''}
      </h4>
      {ids.length === 0 ? (
        <p className="text-sm text-muted">The service named no supporting judgments.</p>
      ) : (
        <QueryState
          query={found}
          loading="Loading the supporting judgments…"
          skeleton={<Skeleton className="h-20 w-full" />}
        >
          {({ judgments, missing }) => (
            <>
              <ol className="space-y-2">
                {judgments.map((judgment) => (
                  <JudgmentItem key={judgment.judgmentId} judgment={judgment} />
                ))}
              </ol>
              {missing.length > 0 ? (
                <p className="text-sm text-muted">
                  Not among the newest {JUDGMENTS_PAGE_MAX_READ.toLocaleString('en')} judgments of
                  this scope: <span className="wrap-anywhere">{missing.join(', ')}</span>.
                </p>
              ) : null}
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}
