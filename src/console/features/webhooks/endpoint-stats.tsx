import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { StatsWindow } from '#contract/webhook-stats';
import { Card } from '../../components/card';
import { QueryState } from '../../components/query-state';
import { Tabs } from '../../components/tabs';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { AttemptsChart, LatencyChart } from './stats-chart';
import { statsQueries } from './stats-queries';
import { StatsTable } from './stats-table';
import { useStatsFollowLog } from './use-stats-follow-log';

type Span = 'last24h' | 'last7d';

const spans = [
  { id: 'last24h', label: '24 hours' },
  { id: 'last7d', label: '7 days' },
] as const;

const percent = (rate: number | null) =>
  rate === null ? '—' : `${(rate * 100).toFixed(rate === 1 || rate === 0 ? 0 : 1)} %`;

/** A percentile is the upper edge of its histogram bucket: "at most". */
const latencyText = (ms: number | null) => (ms === null ? '—' : `≤ ${ms} ms`);

const statusText = (status: number | null) => (status === null ? 'No answer' : `${status}`);

function Figures({ window }: { window: StatsWindow }) {
  const figures = [
    ['Attempts', window.attempts.toLocaleString()],
    ['Success rate', percent(window.successRate)],
    ['p50 latency', latencyText(window.p50Ms)],
    ['p99 latency', latencyText(window.p99Ms)],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {figures.map(([name, value]) => (
        <div key={name} className="rounded-md bg-surface-muted p-3">
          <dt className="text-xs text-muted">{name}</dt>
          <dd className="text-lg font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the chart above spans, left to right, and what its top stands for. */
function Axis({ spanLabel, top }: { spanLabel: string; top: string }) {
  return (
    <p aria-hidden className="flex justify-between gap-2 text-xs text-muted tabular-nums">
      <span>{spanLabel} ago</span>
      <span>top: {top}</span>
      <span>now</span>
    </p>
  );
}

/** A chart with its caption, the key to its colours, and its axis. */
function ChartFigure({
  caption,
  legend,
  axis,
  children,
}: {
  caption: string;
  /** Each entry: the swatch's classes, what it stands for. */
  legend: readonly (readonly [string, string])[];
  axis: ReactNode;
  children: ReactNode;
}) {
  return (
    <figure className="space-y-2">
      <figcaption className="flex flex-wrap items-center gap-x-3 text-sm font-medium">
        {caption}
        {legend.map(([swatch, meaning]) => (
          <span key={meaning} className="flex items-center gap-1 text-xs font-normal text-muted">
            <span aria-hidden className={`inline-block ${swatch}`} />
            {meaning}
          </span>
        ))}
      </figcaption>
      {children}
      {axis}
    </figure>
  );
}

function WindowView({ window, spanLabel }: { window: StatsWindow; spanLabel: string }) {
  const busiest = Math.max(0, ...window.series.map((p) => p.attempts));
  const slowest = Math.max(0, ...window.series.map((p) => p.p99Ms ?? 0));
  const pointLabel = window.pointMinutes === 60 ? 'hour' : `${window.pointMinutes / 60} hours`;
  return (
    <div className="space-y-5">
      <Figures window={window} />
      {window.attempts === 0 ? (
        <p className="text-sm text-muted">No delivery attempts in the last {spanLabel}.</p>
      ) : (
        <div className="grid gap-5 md:grid-cols-2">
          <ChartFigure
            caption={`Attempts per ${pointLabel}`}
            legend={[
              ['size-2.5 rounded-sm bg-success', 'succeeded'],
              ['size-2.5 rounded-sm bg-danger', 'failed'],
            ]}
            axis={<Axis spanLabel={spanLabel} top={`${busiest} attempts`} />}
          >
            <AttemptsChart
              points={window.series}
              label={`Attempts per ${pointLabel} over the last ${spanLabel}: ${window.attempts} in all, at most ${busiest} in one ${pointLabel}. The table below lists them.`}
            />
          </ChartFigure>
          <ChartFigure
            caption={`Latency per ${pointLabel}`}
            legend={[
              ['h-0.5 w-3 bg-accent', 'p50'],
              ['h-0.5 w-3 bg-warning', 'p99'],
            ]}
            axis={<Axis spanLabel={spanLabel} top={`${slowest} ms`} />}
          >
            <LatencyChart
              points={window.series}
              label={`p50 and p99 latency per ${pointLabel} over the last ${spanLabel}, up to ${slowest} ms. The table below lists them.`}
            />
          </ChartFigure>
        </div>
      )}
      {window.statusCounts.length > 0 ? (
        <div className="space-y-1">
          <h3 className="text-sm font-semibold">Answers</h3>
          <ul className="flex flex-wrap gap-2 text-sm" aria-label="Attempts per HTTP status">
            {window.statusCounts.map((s) => (
              <li
                key={s.status ?? 'none'}
                className="rounded-md border border-border px-2 py-0.5 tabular-nums"
              >
                {statusText(s.status)}: {s.count.toLocaleString()}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {window.attempts > 0 ? <StatsTable window={window} pointLabel={pointLabel} /> : null}
    </div>
  );
}

/** The endpoint's delivery figures over the last 24 hours or 7 days, as figures, charts and a table. */
export function EndpointStats({
  apiKey,
  endpointId,
}: {
  apiKey: ApiKeyCredentials;
  endpointId: string;
}) {
  const [span, setSpan] = useState<Span>('last24h');
  const stats = useQuery(statsQueries.stats(apiKey, endpointId));
  useStatsFollowLog(apiKey, endpointId);
  const spanLabel = span === 'last24h' ? '24 hours' : '7 days';
  return (
    <Card>
      <section aria-labelledby="endpoint-stats-heading" className="space-y-4">
        <h2 id="endpoint-stats-heading" className="text-base font-semibold">
          Delivery statistics
        </h2>
        <Tabs
          label="Period"
          idPrefix="endpoint-stats"
          tabs={spans}
          selected={span}
          onSelect={setSpan}
        >
          <QueryState query={stats} loading="Loading the statistics…">
            {(data) => <WindowView window={data[span]} spanLabel={spanLabel} />}
          </QueryState>
        </Tabs>
      </section>
    </Card>
  );
}
