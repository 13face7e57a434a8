import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SuggestDecisionRequest } from '#contract/memory';
import { Card } from '../../components/card';
import { FormAlert } from '../../components/form-alert';
import type { ApiKeyCredentials } from '../../lib/api-key';
import type { MemorySearch } from './memory-search';
import { memoryQueries } from './queries';
import { SuggestForm } from './suggest-form';
import { suggestionRequest } from './suggestion-request';
import { SuggestionResults } from './suggestion-results';

interface SuggestionSectionProps {
  apiKey: ApiKeyCredentials;
  search: MemorySearch;
  set: (patch: Partial<MemorySearch>) => void;
}

/**
 * The question lives in the address (`?q=&organization=&document=`), so a suggestion survives a
 * reload and can be shared; asking the same question again asks the service again.
 */
export function SuggestionSection({ apiKey, search, set }: SuggestionSectionProps) {
  const queryClient = useQueryClient();
  const asked = suggestionRequest(search);
  const inAddress = {
    query: search.q,
    organizationId: search.organization,
    documentId: search.document,
  };
  const request = asked && 'request' in asked ? asked.request : undefined;
  const suggestion = useQuery({
    ...memoryQueries.suggestion(apiKey, request ?? { query: '' }),
    enabled: request !== undefined,
  });

  function ask(next: SuggestDecisionRequest) {
    set({ q: next.query, organization: next.organizationId, document: next.documentId });
    void queryClient.invalidateQueries({
      queryKey: memoryQueries.suggestion(apiKey, next).queryKey,
    });
  }

  return (
    <section aria-labelledby="suggestion-heading" className="space-y-4">
      <Card className="space-y-4">
        <h2 id="suggestion-heading" className="text-lg font-semibold">
          Ask for a suggestion
        </h2>
        <SuggestForm
          // A new question in the address (Back, a shared link) starts the form afresh.
          key={JSON.stringify(inAddress)}
          apiKey={apiKey}
          asked={inAddress}
          onAsk={ask}
          asking={request !== undefined && suggestion.isFetching}
        />
        <FormAlert message={asked && 'problem' in asked ? asked.problem : undefined} />
      </Card>
      {request ? (
        <SuggestionResults apiKey={apiKey} request={request} suggestion={suggestion} />
      ) : null}
    </section>
  );
}
