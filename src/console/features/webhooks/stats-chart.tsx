import type { ReactNode } from 'react';
import type { StatsPoint } from '#contract/webhook-stats';

/** The drawing's own units; the SVG stretches to its box, so only proportions matter. */
const WIDTH = 240;
const HEIGHT = 80;

interface ChartProps {
  points: readonly StatsPoint[];
  /** The chart's accessible name: what it shows and its extremes, in words. */
  label: string;
}

/** The drawing area: stretched to the figure's width, the points' baseline drawn. */
function ChartFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="h-24 w-full overflow-visible"
    >
      <line x1={0} x2={WIDTH} y1={HEIGHT} y2={HEIGHT} className="stroke-border" strokeWidth={1} />
      {children}
    </svg>
  );
}

/** Attempts per point, stacked: succeeded at the bottom, failed above. */
export function AttemptsChart({ points, label }: ChartProps) {
  const top = Math.max(1, ...points.map((p) => p.attempts));
  const slot = WIDTH / Math.max(1, points.length);
  const bar = Math.max(1, slot * 0.7);
  const y = (n: number) => (n / top) * HEIGHT;
  return (
    <ChartFrame label={label}>
      {points.map((p, i) => {
        const x = i * slot + (slot - bar) / 2;
        const ok = y(p.successes);
        const failed = y(p.attempts - p.successes);
        return (
          <g key={p.from}>
            <rect x={x} y={HEIGHT - ok} width={bar} height={ok} className="fill-success" />
            <rect
              x={x}
              y={HEIGHT - ok - failed}
              width={bar}
              height={failed}
              className="fill-danger"
            />
          </g>
        );
      })}
    </ChartFrame>
  );
}

/** p50 and p99 latency per point as two lines; a point without attempts breaks the line. */
export function LatencyChart({ points, label }: ChartProps) {
  const top = Math.max(1, ...points.map((p) => p.p99Ms ?? 0));
  const slot = WIDTH / Math.max(1, points.length);
  const path = (pick: (p: StatsPoint) => number | null) => {
    let d = '';
    let drawing = false;
    points.forEach((p, i) => {
      const value = pick(p);
      if (value === null) {
        drawing = false;
        return;
      }
      const x = i * slot + slot / 2;
      const yy = HEIGHT - (value / top) * HEIGHT;
      const at = `${x.toFixed(1)},${yy.toFixed(1)}`;
      // A segment starts with a line of no length: its round cap shows a lone point as a dot.
      d += drawing ? `L${at}` : `M${at}L${at}`;
      drawing = true;
    });
    return d;
  };
  return (
    <ChartFrame label={label}>
      {(
        [
          ['stroke-warning', (p: StatsPoint) => p.p99Ms],
          ['stroke-accent', (p: StatsPoint) => p.p50Ms],
        ] as const
      ).map(([stroke, pick]) => (
        <path
          key={stroke}
          d={path(pick)}
          className={`fill-none ${stroke}`}
          strokeWidth={3}
          strokeLinecap="round"
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </ChartFrame>
  );
}
