import type { StatsWindow } from '#contract/webhook-stats';
import { formatTime } from '../../lib/format-time';

const ms = (value: number | null) => (value === null ? '—' : `≤ ${value}`);

/** The charts' figures as a table: the text alternative, and the exact numbers for anyone. */
export function StatsTable({ window, pointLabel }: { window: StatsWindow; pointLabel: string }) {
  const rows = window.series.filter((p) => p.attempts > 0);
  return (
    <details className="text-sm">
      <summary className="cursor-pointer font-medium">Show the figures as a table</summary>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">
            Attempts and latency per {pointLabel}, the {pointLabel}s without attempts left out
          </caption>
          <thead className="text-xs text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3 font-medium">
                From
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Attempts
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                Failed
              </th>
              <th scope="col" className="py-1 pr-3 font-medium">
                p50 ms
              </th>
              <th scope="col" className="py-1 font-medium">
                p99 ms
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <tr key={p.from} className="border-t border-border">
                <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                  <time dateTime={p.from}>{formatTime(p.from)}</time>
                </th>
                <td className="py-1 pr-3">{p.attempts}</td>
                <td className="py-1 pr-3">{p.attempts - p.successes}</td>
                <td className="py-1 pr-3">{ms(p.p50Ms)}</td>
                <td className="py-1">{ms(p.p99Ms)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
