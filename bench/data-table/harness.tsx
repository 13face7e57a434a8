// The console's DataTable with generated rows, for bench/data-table.ts: `?rows=N`.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import type { Column } from '#console/components/data-table/column';
import { DataTable } from '#console/components/data-table/data-table';
import type { TableStatus } from '#console/components/data-table/table-status';
import './harness.css';

interface Row {
  id: string;
  url: string;
  description: string;
  disabled: boolean;
  createdAt: string;
}

declare global {
  interface Window {
    /** Milliseconds from the script's start to the table's first commit. */
    renderedMs?: number;
  }
}

const started = performance.now();
const count = Number(new URLSearchParams(window.location.search).get('rows') ?? 100_000);
const rows: Row[] = Array.from({ length: count }, (_, index) => ({
  id: `ep_${index}`,
  url: `https://hooks.example.com/${index}`,
  description: index % 3 === 0 ? `Payments ${index}` : '',
  disabled: index % 7 === 0,
  createdAt: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
}));

const columns: Column<Row>[] = [
  { id: 'url', header: 'URL', width: 'minmax(14rem, 2fr)', cell: (row) => row.url },
  { id: 'description', header: 'Description', cell: (row) => row.description || 'None' },
  { id: 'status', header: 'Status', width: '7rem', cell: (row) => (row.disabled ? 'Off' : 'On') },
  { id: 'createdAt', header: 'Created', width: '14rem', cell: (row) => row.createdAt },
];

const status: TableStatus = {
  pending: false,
  error: null,
  onRetry: () => undefined,
  hasMore: false,
  loadingMore: false,
  loadMoreError: null,
  onLoadMore: () => undefined,
};

function Bench() {
  useEffect(() => {
    window.renderedMs = performance.now() - started;
  }, []);
  return (
    <DataTable
      label="Rows"
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      onOpen={() => undefined}
      actions={{
        header: 'Actions',
        items: [
          { label: 'Open', name: (row) => `Open ${row.id}`, endpoint: null, run: () => undefined },
        ],
      }}
      status={status}
      empty="No rows"
      noun={['row', 'rows']}
    />
  );
}

const root = document.getElementById('root');
// The table asks the signed-in role which row actions to offer (none signed in here: an action
// without an endpoint is everyone's).
if (root) {
  createRoot(root).render(
    <QueryClientProvider client={new QueryClient()}>
      <Bench />
    </QueryClientProvider>,
  );
}
