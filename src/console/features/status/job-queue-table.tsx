import type { JobQueueKind } from '#contract/status';
import { shortDuration } from './durations';

const head = 'px-2 py-1.5 text-left text-xs font-semibold text-muted';
const number = 'px-2 py-1.5 text-right tabular-nums';

/** Unfinished background tasks of each kind of job, as `/metrics`' `svc_job_tasks` counts them. */
export function JobQueueTable({ kinds }: { kinds: readonly JobQueueKind[] }) {
  if (kinds.length === 0) {
    return <p className="text-sm text-muted">No background work is waiting or running.</p>;
  }
  return (
    <div role="region" aria-label="Job queues" tabIndex={0} className="overflow-x-auto">
      <table className="w-full min-w-[22rem] text-sm">
        <caption className="sr-only">Job queues by kind</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className={head}>
              Kind
            </th>
            <th scope="col" className={`${head} text-right`}>
              Waiting
            </th>
            <th scope="col" className={`${head} text-right`}>
              Running
            </th>
            <th scope="col" className={`${head} text-right`}>
              Oldest due
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {kinds.map((kind) => (
            <tr key={kind.kind}>
              <th scope="row" className="px-2 py-1.5 text-left font-mono text-xs font-normal">
                {kind.kind}
              </th>
              <td className={number}>{kind.pending}</td>
              <td className={number}>{kind.running}</td>
              <td className={number}>
                {kind.oldestDueSeconds > 0 ? shortDuration(kind.oldestDueSeconds) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
