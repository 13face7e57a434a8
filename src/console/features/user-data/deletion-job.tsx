import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DataDeletionJob, DataDeletionJobStatus } from '#contract/user-data';
import { Badge, type BadgeTone } from '../../components/badge';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ProgressBar } from '../../components/progress-bar';
import { QueryError } from '../../components/query-error';
import { Skeleton } from '../../components/skeleton';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { formatTime } from '../../lib/format-time';
import { toast } from '../../lib/toaster';
import { isJobFinished, userDataQueries } from './queries';

const statusLabel: Record<DataDeletionJobStatus, { text: string; tone: BadgeTone }> = {
  pending: { text: 'Pending', tone: 'neutral' },
  in_progress: { text: 'In progress', tone: 'accent' },
  completed: { text: 'Completed', tone: 'success' },
  failed: { text: 'Failed', tone: 'danger' },
};

/** Says in a toast when a job this page watched running comes to its end (not on a reload after). */
function useEndToast(progress: DataDeletionJob | undefined) {
  const sawRunning = useRef(false);
  useEffect(() => {
    if (!progress) return;
    if (!isJobFinished(progress)) {
      sawRunning.current = true;
      return;
    }
    if (!sawRunning.current) return;
    sawRunning.current = false;
    const message = `Job ${progress.jobId}.`;
    toast(
      progress.status === 'completed'
        ? { tone: 'success', title: 'Erasure completed', message }
        : { tone: 'error', title: 'Erasure failed', message },
    );
  }, [progress]);
}

function JobDetails({ job }: { job: DataDeletionJob }) {
  const label = statusLabel[job.status];
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        Status <Badge tone={label.tone}>{label.text}</Badge>
      </p>
      <ProgressBar
        label="Erasure progress"
        value={job.tasksDone}
        max={job.tasksCount}
        valueText={`${job.tasksDone} of ${job.tasksCount} tasks done`}
      />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Tasks done</dt>
        <dd>{job.tasksDone}</dd>
        <dt className="text-muted">Tasks left</dt>
        <dd>{job.tasksLeft}</dd>
        <dt className="text-muted">Last task</dt>
        <dd>{job.lastTaskCompletedTime ? formatTime(job.lastTaskCompletedTime) : 'None yet'}</dd>
      </dl>
      {job.status === 'completed' ? (
        <p className="text-sm">Every task is done: the users’ data is erased.</p>
      ) : null}
      {job.status === 'failed' ? (
        <p className="text-sm text-danger">
          The job stopped before its end; {job.tasksLeft} {job.tasksLeft === 1 ? 'task' : 'tasks'}{' '}
          left. Erasing the same users again runs what is left.
        </p>
      ) : null}
    </div>
  );
}

interface DeletionJobProps {
  apiKey: ApiKeyCredentials;
  jobId: string;
  onClose: () => void;
}

/**
 * An erasure's progress, asked every second until it ends, then its final state. The job's ID
 * is in the address, so a reload (or a shared link) follows the same job.
 */
export function DeletionJob({ apiKey, jobId, onClose }: DeletionJobProps) {
  const job = useQuery(userDataQueries.job(apiKey, jobId));
  const { data } = job;
  useEndToast(data);
  // Erased users leave their organizations: the suggestions are read again once the job ends.
  const queryClient = useQueryClient();
  const finished = data !== undefined && isJobFinished(data);
  useEffect(() => {
    if (finished) {
      void queryClient.invalidateQueries({
        queryKey: userDataQueries.allSuggestions(apiKey.id),
      });
    }
  }, [finished, queryClient, apiKey.id]);
  return (
    <Card>
      <section aria-labelledby="job-heading" className="space-y-3" aria-busy={job.isPending}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="job-heading" className="text-base font-semibold wrap-anywhere">
            Erasure job <span className="font-mono">{jobId}</span>
          </h2>
          <Button variant="secondary" size="sm" onClick={onClose}>
            Close
          </Button>
        </div>
        <div aria-live="polite">
          {job.data ? <JobDetails job={job.data} /> : null}
          {job.isPending ? (
            <div className="space-y-2">
              <Skeleton className="h-4 w-40" />
              <Skeleton className="h-2 w-full" />
              <Skeleton className="h-12 w-56" />
            </div>
          ) : null}
          {job.isError ? <QueryError error={job.error} onRetry={() => void job.refetch()} /> : null}
        </div>
      </section>
    </Card>
  );
}
