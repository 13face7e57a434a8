import type { ApiKeyCredentials } from '../../lib/api-key';
import { useListSearch } from '../../lib/use-list-search';
import { JudgmentsSection } from './judgments-section';
import type { MemorySearch } from './memory-search';
import { SuggestionSection } from './suggestion-section';

interface MemoryPageProps {
  apiKey: ApiKeyCredentials;
  search: MemorySearch;
}

/** The question and its suggestion first, then the judgments suggestions are drawn from. */
export function MemoryPage({ apiKey, search }: MemoryPageProps) {
  const { set } = useListSearch(search);
  return (
    <div className="space-y-8">
      <SuggestionSection apiKey={apiKey} search={search} set={set} />
      <JudgmentsSection apiKey={apiKey} search={search} set={set} />
    </div>
  );
}
