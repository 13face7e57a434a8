import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card } from '../../components/card';
import { DataTable } from '../../components/data-table/data-table';
import { FilterInput } from '../../components/data-table/filter-input';
import { FilterSelect } from '../../components/data-table/filter-select';
import { tableStatus } from '../../components/data-table/table-status';
import { EmptyState } from '../../components/empty-state';
import { NoMatches } from '../../components/no-matches';
import { getAuditLog } from '#contract/audit-log';
import { pagedItems } from '../../lib/paged-query';
import { useMayCall } from '../../lib/use-may-call';
import { useListSearch } from '../../lib/use-list-search';
import { workspaceDetailQuery } from '../../lib/workspace-query';
import type { AuditLogSearch } from './audit-log-search';
import { checkAuditRequest } from './audit-request';
import { entryColumns } from './entry-columns';
import { EntryDetails } from './entry-details';
import { RowNotLoaded } from '../../components/row-not-loaded';
import { auditLogQueries, auditedActions } from './queries';
import { TimeFilter } from './time-filter';

interface AuditLogPageProps {
  workspaceId: string;
  search: AuditLogSearch;
}

/** Choices of a select, with the address's value kept even when the list does not hold it. */
function withCurrent(options: { value: string; label: string }[], current: string | undefined) {
  return current && !options.some((option) => option.value === current)
    ? [...options, { value: current, label: current }]
    : options;
}

/**
 * The workspace's audit log, for the roles the role table lets read it (admins and the owner); a
 * viewer is told so instead of meeting the service's refusal.
 */
export function AuditLogPage(props: AuditLogPageProps) {
  const permission = useMayCall(getAuditLog);
  if (!permission.allowed) {
    return (
      <Card>
        <p className="font-medium">{permission.reason}</p>
        <p className="mt-1 text-sm text-muted">
          The audit log names people and what they changed: ask an admin or the owner.
        </p>
      </Card>
    );
  }
  return <AuditLog {...props} />;
}

/**
 * The workspace's audit log, newest first, filtered by API key, action, person and time range
 * (all in the address), read page by page as the table scrolls; a row opens the entry's details.
 */
function AuditLog({ workspaceId, search }: AuditLogPageProps) {
  const list = useListSearch<AuditLogSearch>(search);
  const check = useMemo(
    () => checkAuditRequest(search),
    // The entry opened is no filter: opening one must not read the list again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [search.apiKey, search.action, search.person, search.since, search.until],
  );
  const filter = check.ok ? check.filter : {};
  const entries = useInfiniteQuery({
    ...auditLogQueries.list(workspaceId, filter),
    enabled: check.ok,
  });
  const rows = useMemo(() => pagedItems(entries.data), [entries.data]);
  const workspace = useQuery(workspaceDetailQuery(workspaceId));
  const keyOptions = useMemo(
    () =>
      withCurrent(
        Object.values(workspace.data?.apiKeyList ?? {}).map((key) => ({
          value: key.id,
          label: `${key.apiKeyName} (${key.id})`,
        })),
        search.apiKey,
      ),
    [workspace.data, search.apiKey],
  );
  const actionOptions = useMemo(
    () =>
      withCurrent(
        auditedActions.map((name) => ({ value: name, label: name })),
        search.action,
      ),
    [search.action],
  );
  const problems = check.ok ? {} : check.problems;

  const open = search.entry ? rows.find((entry) => entry.id === search.entry) : undefined;
  const close = () => list.set({ entry: undefined });
  const filtered =
    search.apiKey !== undefined ||
    search.action !== undefined ||
    search.person !== undefined ||
    search.since !== undefined ||
    search.until !== undefined;
  const empty = filtered ? (
    <NoMatches
      noun="entry"
      onClear={() =>
        list.set({
          apiKey: undefined,
          action: undefined,
          person: undefined,
          since: undefined,
          until: undefined,
        })
      }
    />
  ) : (
    <EmptyState title="No audit entries yet">
      Every change made through the service, here or with an API key, is recorded here: save a
      key&apos;s configuration or a webhook setting and it shows as the first entry.
    </EmptyState>
  );

  return (
    <Card className="space-y-4">
      {/* Long key names and actions must not widen the page at phone width: the selects shrink. */}
      <div className="flex flex-wrap items-start gap-3 *:max-w-full *:min-w-0 [&_select]:max-w-full">
        <FilterSelect
          label="API key"
          value={search.apiKey}
          allLabel="Any key"
          options={keyOptions}
          onChange={(apiKey) => list.set({ apiKey })}
        />
        <FilterSelect
          label="Action"
          value={search.action}
          allLabel="Any action"
          options={actionOptions}
          onChange={(action) => list.set({ action })}
        />
        <FilterInput
          label="Person"
          value={search.person}
          placeholder="e-mail address"
          problem={problems.person}
          onChange={(person) => list.set({ person: person || undefined })}
        />
        <TimeFilter
          label="Since"
          value={search.since}
          problem={problems.since}
          onChange={(since) => list.set({ since })}
        />
        <TimeFilter
          label="Until"
          value={search.until}
          problem={problems.until}
          onChange={(until) => list.set({ until })}
        />
      </div>
      {check.ok ? (
        <DataTable
          label="Audit entries"
          columns={entryColumns}
          rows={rows}
          rowKey={(entry) => entry.id}
          onOpen={(entry) => list.set({ entry: entry.id })}
          currentKey={open?.id}
          status={tableStatus(entries)}
          empty={empty}
          noun={['entry', 'entries']}
          minWidth="54rem"
          estimateRowHeight={57}
        />
      ) : (
        <p role="status" className="text-sm text-muted">
          Nothing is asked until the filters above are fixed.
        </p>
      )}
      {open ? (
        <EntryDetails entry={open} onClose={close} />
      ) : search.entry && check.ok && !entries.isPending ? (
        <RowNotLoaded
          noun={['Entry', 'entries']}
          id={search.entry}
          loaded={rows.length}
          onClose={close}
        />
      ) : null}
    </Card>
  );
}
