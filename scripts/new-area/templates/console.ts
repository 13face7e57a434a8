import type { AreaNames } from '../names';
import { imports } from '../paths';

/** The area's query factory: the list, page by page, keyed by the API key. */
export function queriesFile(n: AreaNames): string {
  const i = n.item;
  return `import { list${n.pascal} } from '${imports.contract(n.kebab)}';
import { call } from '${imports.api}';
import type { ApiKeyCredentials } from '${imports.apiKey}';
import { pageOf, pageParam, pagedQueryOptions } from '${imports.pagedQuery}';

/** ${n.label} per page of the table; it asks for more as it scrolls. */
export const ${n.constant}_PAGE = 100;

/**
 * Query keys of the ${n.words} area, generic to specific. Each query calls with the key it is
 * keyed by: switching keys can never show one key's ${n.words} as another's.
 */
export const ${i.camel}Queries = {
  all: () => ['${n.kebab}'] as const,
  one: (apiKeyId: string) => [...${i.camel}Queries.all(), apiKeyId] as const,
  /** The key's ${n.words}, newest first, page by page. */
  list: (apiKey: ApiKeyCredentials) =>
    pagedQueryOptions({
      queryKey: [...${i.camel}Queries.one(apiKey.id), 'list'] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            list${n.pascal},
            { pageSize: ${n.constant}_PAGE, ...pageParam('pageToken', token) },
            { apiKey, signal },
          ),
        ),
    }),
};
`;
}

/** Add: the per-item results, and the list asked again. */
export function addMutationFile(n: AreaNames): string {
  const i = n.item;
  return `import { useQueryClient } from '@tanstack/react-query';
import { type Add${n.pascal}Request, add${n.pascal} } from '${imports.contract(n.kebab)}';
import { call } from '${imports.api}';
import type { ApiKeyCredentials } from '${imports.apiKey}';
import { useSaveMutation } from '${imports.useSaveMutation}';
import { ${i.camel}Queries } from './queries';

/** Add ${n.title}: the per-${i.words} results, and the list asked again. */
export function useAdd${n.pascal}(apiKey: ApiKeyCredentials) {
  const queryClient = useQueryClient();
  return useSaveMutation({
    mutationFn: async (request: Add${n.pascal}Request) =>
      (await call(add${n.pascal}, request, { apiKey })).data,
    onSaved: () => queryClient.invalidateQueries({ queryKey: ${i.camel}Queries.one(apiKey.id) }),
  });
}
`;
}

/** The add form: rows of an id and a name, checked by the contract's own request schema. */
export function addFormFile(n: AreaNames): string {
  const i = n.item;
  return `import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { type Add${n.pascal}Request, add${n.pascal}Request } from '${imports.contract(n.kebab)}';
import { CreateFormFooter } from '${imports.createFormFooter}';
import { ItemResultsStep } from '${imports.itemResultsView}';
import { ItemRows } from '${imports.itemRows}';
import type { ApiKeyCredentials } from '${imports.apiKey}';
import { contractResolver } from '${imports.contractResolver}';
import { useAdd${n.pascal} } from './use-add-${n.kebab}';

const fields = [
  { name: '${i.camel}Id', label: '${i.label} ID' },
  { name: 'name', label: 'Name' },
];
const blank = { ${i.camel}Id: '', name: '' };

interface Add${n.pascal}FormProps {
  apiKey: ApiKeyCredentials;
  onClose: () => void;
}

/**
 * Several ${n.words} at once, each checked by the contract's rules before sending; after the
 * call, each one's own result (an id the key has is refused while the others are added).
 */
export function Add${n.pascal}Form({ apiKey, onClose }: Add${n.pascal}FormProps) {
  const adding = useAdd${n.pascal}(apiKey);
  const form = useForm<Add${n.pascal}Request>({
    resolver: contractResolver(add${n.pascal}Request),
    defaultValues: { ${n.camel}: [blank] },
  });
  const count = useWatch({ control: form.control, name: '${n.camel}' }).length;

  if (adding.data) {
    return (
      <ItemResultsStep results={adding.data} label="Results of adding ${n.words}" onDone={onClose} />
    );
  }
  return (
    <FormProvider {...form}>
      <form
        noValidate
        aria-label="New ${n.words}"
        className="space-y-4"
        onSubmit={(event) => void form.handleSubmit((request) => adding.mutate(request))(event)}
      >
        <ItemRows list="${n.camel}" fields={fields} blank={blank} />
        <CreateFormFooter
          creating={adding}
          messageOf="${n.camel}"
          submitLabel={count === 1 ? 'Add ${i.words}' : 'Add ${n.words}'}
          onCancel={onClose}
        />
      </form>
    </FormProvider>
  );
}
`;
}

export function addDialogFile(n: AreaNames): string {
  return `import { add${n.pascal} } from '${imports.contract(n.kebab)}';
import { FormDialog } from '${imports.formDialog}';
import type { ApiKeyCredentials } from '${imports.apiKey}';
import { Add${n.pascal}Form } from './add-${n.kebab}-form';

export function Add${n.pascal}Dialog({ apiKey }: { apiKey: ApiKeyCredentials }) {
  return (
    <FormDialog
      label="Add ${n.words}"
      endpoint={add${n.pascal}}
      title="Add ${n.words}"
      description="Each needs an ID and a name; an ID the key already has is refused, the others are added."
    >
      {(close) => <Add${n.pascal}Form apiKey={apiKey} onClose={close} />}
    </FormDialog>
  );
}
`;
}

/** The table's columns: cells show their row and hold nothing (lint keeps state out of them). */
export function columnsFile(n: AreaNames): string {
  const i = n.item;
  return `import type { ${i.pascal} } from '${imports.contract(n.kebab)}';
import type { Column } from '${imports.column}';
import { IdText } from '${imports.idText}';
import { formatTime } from '${imports.formatTime}';

export const ${i.camel}Columns: Column<${i.pascal}>[] = [
  {
    id: 'id',
    header: '${i.label} ID',
    width: 'minmax(12rem, 1.5fr)',
    cell: (${i.camel}) => <IdText value={${i.camel}.id} label="${i.words} ID" />,
  },
  {
    id: 'name',
    header: 'Name',
    width: 'minmax(12rem, 2fr)',
    cell: (${i.camel}) => ${i.camel}.name,
  },
  {
    id: 'createdAt',
    header: 'Added',
    width: '12rem',
    cell: (${i.camel}) => (
      <time dateTime={${i.camel}.createdAt} className="text-xs">
        {formatTime(${i.camel}.createdAt)}
      </time>
    ),
  },
];
`;
}

export function pageFile(n: AreaNames): string {
  const i = n.item;
  return `import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Card } from '${imports.card}';
import { DataTable } from '${imports.dataTable}';
import { tableStatus } from '${imports.tableStatus}';
import { EmptyState } from '${imports.emptyState}';
import type { ApiKeyCredentials } from '${imports.apiKey}';
import { pagedItems } from '${imports.pagedQuery}';
import { Add${n.pascal}Dialog } from './add-${n.kebab}-dialog';
import { ${i.camel}Columns } from './${i.kebab}-columns';
import { ${i.camel}Queries } from './queries';

/** The key's ${n.words}, newest first: the table loads the next page as it scrolls. */
export function ${n.pascal}Page({ apiKey }: { apiKey: ApiKeyCredentials }) {
  const list = useInfiniteQuery(${i.camel}Queries.list(apiKey));
  const rows = useMemo(() => pagedItems(list.data), [list.data]);
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap justify-end gap-2">
        <Add${n.pascal}Dialog apiKey={apiKey} />
      </div>
      <DataTable
        label="${n.label}"
        columns={${i.camel}Columns}
        rows={rows}
        rowKey={(${i.camel}) => ${i.camel}.id}
        status={tableStatus(list)}
        empty={<EmptyState title="No ${n.words} yet">Add the first with Add ${n.words}.</EmptyState>}
        noun={['${i.words}', '${n.words}']}
        minWidth="36rem"
      />
    </Card>
  );
}
`;
}

/** The file route: thin, the loader prefetches the first page, the feature draws the page. */
export function routeFile(n: AreaNames): string {
  const i = n.item;
  return `import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '${imports.pageHeading}';
import { ${n.pascal}Page } from '${imports.feature(n.kebab, `${n.kebab}-page`)}';
import { ${i.camel}Queries } from '${imports.feature(n.kebab, 'queries')}';
import { prefetch } from '${imports.prefetch}';

export const Route = createFileRoute('/_app/keys/$apiKeyId/${n.kebab}')({
  loader: ({ context: { queryClient, apiKey } }) =>
    prefetch(queryClient.infiniteQuery({ ...${i.camel}Queries.list(apiKey), staleTime: 'static' })),
  codeSplitGroupings: [['loader', 'component']],
  component: ${n.pascal}Route,
});

function ${n.pascal}Route() {
  const apiKey = Route.useRouteContext({ select: (context) => context.apiKey });
  return (
    <div className="space-y-6">
      <PageHeading title="${n.label}">The ${n.words} of this API key, newest first.</PageHeading>
      <${n.pascal}Page apiKey={apiKey} />
    </div>
  );
}
`;
}
