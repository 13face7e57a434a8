import type { ReactNode } from 'react';
import { QueryError } from '../query-error';
import type { Recovery } from '../retry-or-advice';
import { Skeleton } from '../skeleton';
import type { TableStatus } from './table-status';

interface DataTableStateProps {
  status: TableStatus;
  columns: number;
  tracks: string;
  label: string;
  empty: ReactNode;
  recover?: Recovery | undefined;
}

const wholeRow = { gridColumn: '1 / -1' };

/**
 * The body of a table without rows: loading skeletons, the failure (with a retry when one can
 * help), or emptiness.
 */
export function DataTableState({
  status,
  columns,
  tracks,
  label,
  empty,
  recover,
}: DataTableStateProps) {
  if (status.pending) {
    return (
      <tbody role="rowgroup" className="grid">
        {[0, 1, 2].map((row) => (
          <tr key={row} role="row" className="grid" style={{ gridTemplateColumns: tracks }}>
            {Array.from({ length: columns }, (_, column) => (
              <td key={column} role="gridcell" className="px-3 py-3">
                {row === 0 && column === 0 ? (
                  <span role="status" className="sr-only">
                    Loading the {label.toLowerCase()}…
                  </span>
                ) : null}
                <Skeleton className="h-4 w-3/4" />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    );
  }
  return (
    <tbody role="rowgroup" className="grid">
      <tr role="row" className="grid">
        <td role="gridcell" className="p-4" style={wholeRow}>
          {status.error ? (
            <QueryError error={status.error} onRetry={status.onRetry} recover={recover} />
          ) : (
            empty
          )}
        </td>
      </tr>
    </tbody>
  );
}
