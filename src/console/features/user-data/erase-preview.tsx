import type { ErasePreview as Preview } from '#contract/user-data';
import { EmptyState } from '../../components/empty-state';
import { erasedCountKeys, erasedCountLabels } from './erase-counts';

/**
 * What the erase would remove, per feature (rows) and per user and organization (columns), with
 * the totals when there are several; the table scrolls inside its box on a narrow screen.
 */
export function ErasePreviewTable({ preview }: { preview: Preview }) {
  if (preview.tasks.length === 0) {
    return (
      <EmptyState title="Nothing to erase">
        None of these users is in these organizations: the erase would have no task.
      </EmptyState>
    );
  }
  const columns = preview.tasks.map((task) => ({
    key: `${task.userId} ${task.organizationId}`,
    head: (
      <>
        <span className="block font-mono">{task.userId}</span>
        <span className="block font-normal text-muted">in {task.organizationId}</span>
      </>
    ),
    counts: task.removed,
  }));
  if (preview.tasks.length > 1) {
    columns.push({ key: 'total', head: <>Total</>, counts: preview.totals });
  }
  return (
    <div
      className="overflow-x-auto rounded-md border border-border"
      tabIndex={0}
      role="region"
      aria-label="Erase preview table"
    >
      <table className="w-full text-sm">
        <caption className="sr-only">
          What the erase would remove, per feature, for each user and organization
        </caption>
        <thead className="bg-surface-muted">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              Feature
            </th>
            {columns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 text-right wrap-anywhere">
                {column.head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {erasedCountKeys.map((feature) => (
            <tr key={feature}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal">
                {erasedCountLabels[feature]}
              </th>
              {columns.map((column) => (
                <td key={column.key} className="px-3 py-1.5 text-right tabular-nums">
                  {column.counts[feature]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
