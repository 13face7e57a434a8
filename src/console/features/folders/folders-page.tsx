import { useQuery } from '@tanstack/react-query';

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { ROOT_FOLDER } from '#contract/folders';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { selectFilter } from '../../components/data-table/filter-layout';
import { FormDialog } from '../../components/form-dialog';
import { OrganizationPicker } from '../../components/organization-picker';
import { QueryError } from '../../components/query-error';
import { Skeleton } from '../../components/skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { useListSearch } from '../../lib/use-list-search';
import { AddFoldersForm, underWhat } from './add-folders-form';
import { FolderDetails } from './folder-details';
import { FolderTree } from './folder-tree';
import { FolderV1View } from './folder-v1-view';
import { type FoldersSearch, LOAD_DEPTHS, type LoadDepth } from './folders-search';
import { folderQueries } from './queries';
import { useFolderTree } from './use-folder-tree';
import { OrganizationScope } from '../../components/organization-scope';
import { addFolder } from '#contract/folders';

/** Where the selected folder's documents are shown; the route fills it from the documents area. */
export type FolderDocumentsSlot = (organizationId: string, folderId: string) => ReactNode;

interface FoldersPageProps {
  apiKey: ApiKeyCredentials;
  search: FoldersSearch;
  renderDocuments: FolderDocumentsSlot;
}

export function FoldersPage({ apiKey, search, renderDocuments }: FoldersPageProps) {
  const list = useListSearch(search);
  const depth = search.depth ?? 1;
  return (
    <OrganizationScope
      apiKey={apiKey}
      chosen={search.organization}
      needs="Folders live in an organization."
      pending={<Skeleton className="h-64" />}
      locate={{
        named: { folderId: search.folder },
        onLocated: (organization) =>
          list.set(organization ? { organization } : { folder: undefined }),
      }}
    >
      {(organizationId) => (
        <OrganizationFolders
          // Another organization or depth is another tree, read afresh from its top level.
          key={`${organizationId}:${depth}`}
          apiKey={apiKey}
          search={search}
          renderDocuments={renderDocuments}
          organizationId={organizationId}
          depth={depth}
          set={list.set}
        />
      )}
    </OrganizationScope>
  );
}

interface OrganizationFoldersProps extends FoldersPageProps {
  organizationId: string;
  depth: LoadDepth;
  set: (patch: Partial<FoldersSearch>) => void;
}

function OrganizationFolders({
  apiKey,
  search,
  renderDocuments,
  organizationId,
  depth,
  set,
}: OrganizationFoldersProps) {
  const tree = useFolderTree(apiKey, organizationId, depth);
  const selected = search.folder;
  const v1 = search.view === 'v1';
  const select = (folder: string | undefined) => set({ folder });

  // A folder named in the address (a shared link, the palette) is shown with its path opened.
  const detail = useQuery({
    ...folderQueries.detail(apiKey, organizationId, selected ?? ROOT_FOLDER),
    enabled: selected !== undefined,
  });
  const revealed = useRef<string | undefined>(undefined);
  const { reveal } = tree;
  useEffect(() => {
    if (!detail.data || revealed.current === detail.data.folderId) return;
    revealed.current = detail.data.folderId;
    reveal(detail.data.ancestors);
  }, [detail.data, reveal]);

  const parent = selected ?? ROOT_FOLDER;
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex flex-wrap items-end gap-3">
          <OrganizationPicker
            apiKey={apiKey}
            value={organizationId}
            onChange={(organization) => set({ organization, folder: undefined })}
          />
          <DepthChoice
            value={depth}
            onChange={(chosen) => set({ depth: chosen === 1 ? undefined : chosen })}
          />
          <ViewToggle v1={v1} onChange={(next) => set({ view: next ? 'v1' : undefined })} />
        </div>
        <FormDialog
          label={selected ? 'Add subfolders' : 'Add folders'}
          endpoint={addFolder}
          title={selected ? `Add folders under ${selected}` : 'Add folders'}
          description={`${underWhat(organizationId, parent)}; an ID the organization already has is refused, the others are added.`}
        >
          {(close) => (
            <AddFoldersForm
              apiKey={apiKey}
              organizationId={organizationId}
              parentFolderId={parent}
              onAdded={() => {
                void tree.refresh(parent);
                if (selected) tree.expand(selected);
              }}
              onClose={close}
            />
          )}
        </FormDialog>
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="min-w-0">
          {tree.topLevel.error !== undefined ? (
            <QueryError error={tree.topLevel.error} onRetry={() => tree.retry(ROOT_FOLDER)} />
          ) : tree.topLevel.loading && tree.rows.length === 0 ? (
            <div role="status" aria-label="Loading folders" className="space-y-2">
              {[0, 1, 2, 3, 4].map((n) => (
                <Skeleton key={n} className="h-7" />
              ))}
            </div>
          ) : tree.topLevel.empty ? (
            <EmptyState title="No folders in this organization yet">
              Add the first ones with “Add folders” above.
            </EmptyState>
          ) : (
            <FolderTree
              label={`Folders of ${organizationId}`}
              rows={tree.rows}
              selectedId={selected}
              showAccess={!v1}
              failures={tree.failures}
              onExpand={tree.expand}
              onCollapse={tree.collapse}
              onSelect={select}
            />
          )}
        </div>
        <div className="min-w-0 space-y-4">
          {selected === undefined ? (
            <p className="text-sm text-muted">
              Select a folder to see its path, access and documents. Arrow keys move in the tree, →
              and ← open and close a folder, Enter selects.
            </p>
          ) : detail.isError ? (
            // One message for a folder that cannot be read, not one per part that reads it.
            <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
          ) : v1 ? (
            <FolderV1View apiKey={apiKey} organizationId={organizationId} folderId={selected} />
          ) : (
            <>
              <FolderDetails
                apiKey={apiKey}
                organizationId={organizationId}
                folderId={selected}
                known={tree.folders}
                onSelect={select}
              />
              {/* Read once the folder is known to exist, so that a missing one fails once. */}
              {detail.data ? renderDocuments(organizationId, selected) : null}
            </>
          )}
        </div>
      </div>
    </Card>
  );
}

function DepthChoice({
  value,
  onChange,
}: {
  value: LoadDepth;
  onChange: (depth: LoadDepth) => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-muted">
        Levels per expansion
      </label>
      <select
        id={id}
        value={value}
        className={selectFilter}
        onChange={(event) => {
          const chosen = LOAD_DEPTHS.find((depth) => String(depth) === event.target.value);
          if (chosen) onChange(chosen);
        }}
      >
        {LOAD_DEPTHS.map((depth) => (
          <option key={depth} value={depth}>
            {depth}
          </option>
        ))}
      </select>
    </div>
  );
}

function ViewToggle({ v1, onChange }: { v1: boolean; onChange: (v1: boolean) => void }) {
  const options = [
    { label: 'v2', on: false },
    { label: 'v1', on: true },
  ];
  return (
    <div
      role="group"
      aria-label="API version shown"
      className="flex h-9 rounded-md border border-border p-0.5"
    >
      {options.map((option) => (
        <button
          key={option.label}
          type="button"
          aria-pressed={v1 === option.on}
          className="rounded px-3 text-sm text-muted aria-pressed:bg-accent-soft aria-pressed:font-semibold aria-pressed:text-accent-soft-fg"
          onClick={() => onChange(option.on)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
