import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { WorkspaceStatus } from '#contract/status';
import { Card } from '../../components/card';
import { QueryState } from '../../components/query-state';
import { Skeleton } from '../../components/skeleton';
import { TimeText } from '../../components/time-text';
import { DeliveriesFigure } from './deliveries-figure';
import { shortDuration } from './durations';
import { FailingEndpointsList } from './failing-endpoints-list';
import { JobQueueTable } from './job-queue-table';
import { STATUS_REFRESH_MS, statusQueries } from './queries';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-semibold">{title}</h2>
      {children}
    </Card>
  );
}

function Figures({ status }: { status: WorkspaceStatus }) {
  const { outbox } = status;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title="Job queues">
        <JobQueueTable kinds={status.jobs} />
      </Section>
      <Section title="Webhook outbox">
        <dl className="grid grid-cols-2 gap-3">
          <div>
            <dt className="text-xs text-muted">Due messages</dt>
            <dd className="text-2xl font-semibold tabular-nums">{outbox.dueMessages}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted">Lag (oldest due)</dt>
            <dd className="text-2xl font-semibold tabular-nums">
              {shortDuration(outbox.lagSeconds)}
            </dd>
          </div>
        </dl>
      </Section>
      <Section title="Deliveries per minute">
        <DeliveriesFigure minutes={status.deliveries} />
      </Section>
      <Section title="Failing endpoints">
        <FailingEndpointsList endpoints={status.failingEndpoints} />
      </Section>
    </div>
  );
}

/**
 * The workspace's Status: its job queues, webhook outbox, deliveries and failing endpoints, read
 * through the statements `/metrics` reads, again every few seconds while the page is shown.
 */
export function StatusPage({ workspaceId }: { workspaceId: string }) {
  const status = useQuery(statusQueries.figures(workspaceId));
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted" aria-live="off">
        Read <TimeText at={status.data?.readAt} none="…" />, again every {STATUS_REFRESH_MS / 1000}{' '}
        seconds while this page is open.
      </p>
      <QueryState
        query={status}
        loading="Loading the workspace status…"
        skeleton={<Skeleton className="h-64 w-full" />}
      >
        {(data) => <Figures status={data} />}
      </QueryState>
    </div>
  );
}
