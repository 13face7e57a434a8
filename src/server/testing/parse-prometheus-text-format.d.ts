// The parser's shapes (prom2json's), as its README gives them: it ships no types.
declare module 'parse-prometheus-text-format' {
  export interface PrometheusSample {
    labels?: Record<string, string>;
    /** Counters, gauges, untyped. */
    value?: string;
    /** Histograms: the cumulative count per upper bound (`le`). */
    buckets?: Record<string, string>;
    count?: string;
    sum?: string;
  }
  export interface PrometheusFamily {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: PrometheusSample[];
  }
  // eslint-disable-next-line no-restricted-syntax -- the package's one export is its default
  export default function parsePrometheusTextFormat(text: string): PrometheusFamily[];
}
