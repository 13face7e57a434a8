import type { DeliveryMinute } from '#contract/status';

const WIDTH = 300;
const HEIGHT = 80;
const GAP = 2;

const clock = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const minuteOf = (minute: string) => clock.format(new Date(minute));

/**
 * Webhook attempts per minute, delivered stacked under failed, in a small SVG drawn to the
 * busiest minute; the same figures as a table for screen readers (the drawing is hidden from
 * them, its summary is not).
 */
export function DeliveriesFigure({ minutes }: { minutes: readonly DeliveryMinute[] }) {
  const delivered = minutes.reduce((sum, m) => sum + m.delivered, 0);
  const failed = minutes.reduce((sum, m) => sum + m.failed, 0);
  const busiest = Math.max(1, ...minutes.map((m) => m.delivered + m.failed));
  const barWidth = WIDTH / Math.max(1, minutes.length);
  const height = (count: number) => (count / busiest) * HEIGHT;
  const first = minutes[0];
  const last = minutes.at(-1);

  return (
    <figure className="space-y-2">
      <figcaption className="text-sm">
        Last {minutes.length} minutes:{' '}
        <span className="font-medium text-success">{delivered} delivered</span>,{' '}
        <span className={`font-medium ${failed > 0 ? 'text-danger' : ''}`}>{failed} failed</span>{' '}
        attempts.
      </figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        className="h-20 w-full rounded border border-border bg-surface-muted"
        aria-hidden="true"
      >
        {minutes.map((m, i) => {
          const ok = height(m.delivered);
          const bad = height(m.failed);
          const x = i * barWidth + GAP / 2;
          const w = Math.max(1, barWidth - GAP);
          return (
            <g key={m.minute}>
              <rect x={x} y={HEIGHT - ok} width={w} height={ok} className="fill-success" />
              <rect x={x} y={HEIGHT - ok - bad} width={w} height={bad} className="fill-danger" />
            </g>
          );
        })}
      </svg>
      {first && last ? (
        <div className="flex justify-between text-xs text-muted" aria-hidden="true">
          <span>{minuteOf(first.minute)}</span>
          <span>busiest: {busiest} a minute</span>
          <span>{minuteOf(last.minute)}</span>
        </div>
      ) : null}
      <table className="sr-only">
        <caption>Webhook attempts per minute</caption>
        <thead>
          <tr>
            <th scope="col">Minute</th>
            <th scope="col">Delivered</th>
            <th scope="col">Failed</th>
          </tr>
        </thead>
        <tbody>
          {minutes.map((m) => (
            <tr key={m.minute}>
              <th scope="row">{minuteOf(m.minute)}</th>
              <td>{m.delivered}</td>
              <td>{m.failed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
