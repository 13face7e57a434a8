import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Decision } from '#contract/memory';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { FilterInput } from '../../components/data-table/filter-input';
import { FilterSelect } from '../../components/data-table/filter-select';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { FormAlert } from '../../components/form-alert';
import { OrganizationPicker } from '../../components/organization-picker';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { pagedItems } from '../../lib/paged-query';
import { AddJudgmentDialog } from './add-judgment-dialog';
import { judgmentColumns } from './judgment-columns';
import { isFiltered, judgmentsFilter } from './judgments-filter';
import type { MemorySearch } from './memory-search';
import { memoryQueries } from './queries';
import { NoMatches } from '../../components/no-matches';

const decisions: { value: Decision; label: string }[] = [
  { value: 'approve', label: 'Approve' },
  { value: 'reject', label: 'Reject' },
];

interface JudgmentsSectionProps {
  apiKey: ApiKeyCredentials;
  search: MemorySearch;
  set: (patch: Partial<MemorySearch>) => void;
}

/** The judgments suggestions are drawn from, newest first, with Get Judgments' filters. */
export function JudgmentsSection({ apiKey, search, set }: JudgmentsSectionProps) {
  const { request, decision, problem } = judgmentsFilter(search);
  const judgments = useInfiniteQuery(memoryQueries.list(apiKey, request));
  const rows = useMemo(() => pagedItems(judgments.data), [judgments.data]);
  const empty = isFiltered(search) ? (
    <NoMatches
      noun="judgment"
      onClear={() =>
        set({
          judgmentsOrganization: undefined,
          judgmentsDocument: undefined,
          decision: undefined,
          reviewer: undefined,
        })
      }
    />
  ) : (
    <EmptyState
      title="No judgments yet"
      action={
        <AddJudgmentDialog apiKey={apiKey} organizationId={undefined} documentId={undefined} />
      }
    >
      Judgments come from review activity (approvals and rejections) and from Add Judgments.
    </EmptyState>
  );
  return (
    <section aria-labelledby="judgments-heading">
      <Card className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="judgments-heading" className="text-lg font-semibold">
            Judgments
          </h2>
          <AddJudgmentDialog
            apiKey={apiKey}
            organizationId={search.judgmentsOrganization}
            documentId={search.judgmentsOrganization ? search.judgmentsDocument : undefined}
          />
        </div>
        <div className="flex min-w-0 flex-wrap items-end gap-3">
          <OrganizationPicker
            apiKey={apiKey}
            anyLabel="All organizations"
            value={search.judgmentsOrganization}
            onChange={(organization) =>
              set({ judgmentsOrganization: organization, judgmentsDocument: undefined })
            }
          />
          <FilterInput
            label="Document ID"
            value={search.judgmentsDocument}
            onChange={(document) => set({ judgmentsDocument: document })}
          />
          <FilterSelect
            label="Decision"
            value={decision}
            options={decisions}
            onChange={(chosen) => set({ decision: chosen })}
          />
          <FilterInput
            label="Reviewer ID"
            value={search.reviewer}
            onChange={(reviewer) => set({ reviewer })}
          />
        </div>
        <FormAlert message={problem} />
        <DataTable
          label="Judgments"
          columns={judgmentColumns}
          rows={rows}
          rowKey={(judgment) => judgment.judgmentId}
          status={tableStatus(judgments)}
          empty={empty}
          noun={['judgment', 'judgments']}
          minWidth="55rem"
        />
      </Card>
    </section>
  );
}
