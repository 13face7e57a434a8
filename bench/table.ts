/** Prints rows as a Markdown table, the form every benchmark here reports in. */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

export type Latency = { p50: number; p99: number };
/** Latencies per measurement and per scale (`10k`, `1M`). */
export type ScaleResults = Map<string, Map<string, Latency>>;

/** Records one measurement at one scale. */
export function recordAt(results: ScaleResults, name: string, scale: string, at: Latency): void {
  const row = results.get(name) ?? new Map<string, Latency>();
  row.set(scale, at);
  results.set(name, row);
}

/** Measurements at the two scales side by side, with how much slower the larger one is. */
export function printScaleTable(results: ScaleResults): void {
  const ms = (v: number | undefined) => (v === undefined ? '–' : v.toFixed(2));
  printTable(
    ['query', '10k p50 ms', '10k p99 ms', '1M p50 ms', '1M p99 ms', '1M / 10k (p50)'],
    [...results].map(([name, row]) => {
      const small = row.get('10k');
      const large = row.get('1M');
      return [
        name,
        ms(small?.p50),
        ms(small?.p99),
        ms(large?.p50),
        ms(large?.p99),
        small && large ? `${(large.p50 / small.p50).toFixed(2)}×` : '–',
      ];
    }),
  );
}
