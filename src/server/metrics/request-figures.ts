import { Counter, Histogram, type Registry } from 'prom-client';
import { type PlainFigures, histogramLines, observeInto, plainFigures } from './plain-histogram';

/** One endpoint's answers since the start: how many per status code, and their durations. */
interface EndpointFigures {
  codes: Map<number, number>;
  /** The answers' durations. */
  seconds: PlainFigures;
}

/**
 * Requests answered, by endpoint and status code, and their durations, as `/metrics` shows them.
 * Each answer adds to plain numbers in a map; the prom-client metrics are rendered from them only
 * when scraped. prom-client's own `inc` and `observe` build, check and hash a label object on
 * every call, which every request paid (about 3 % of an authenticated read's time).
 */
export class RequestFigures {
  private readonly figures = new Map<string, EndpointFigures>();

  constructor(
    registry: Registry,
    private readonly bounds: readonly number[],
  ) {
    const figures = this.figures;
    const requestsName = 'svc_http_requests_total';
    new (class extends Counter<'endpoint' | 'code'> {
      override async get() {
        const values = [];
        for (const [endpoint, f] of figures) {
          for (const [code, value] of f.codes) {
            values.push({ labels: { endpoint, code: String(code) }, value });
          }
        }
        return { ...(await super.get()), values };
      }
    })({
      name: requestsName,
      help: 'HTTP requests answered, by endpoint name (or route) and status code.',
      labelNames: ['endpoint', 'code'] as const,
      registers: [registry],
    });
    const secondsName = 'svc_http_request_duration_seconds';
    const help = 'Time from a request to its answer, by endpoint name (or route).';
    new (class extends Histogram<'endpoint'> {
      /**
       * What the registry renders (and get() splays), in the form prom-client's own histogram
       * gives it: `le` per line, the endpoint shared by the lines of its series.
       */
      getForPromString() {
        const values = [];
        for (const [endpoint, f] of figures) {
          values.push(...histogramLines(secondsName, bounds, f.seconds, { endpoint }));
        }
        return { name: secondsName, help, type: 'histogram', values, aggregator: 'sum' };
      }
    })({
      name: secondsName,
      help,
      labelNames: ['endpoint'],
      buckets: [...bounds],
      registers: [registry],
    });
  }

  /** One answer of `endpoint` with HTTP status `code`, `seconds` after its request came. */
  record(endpoint: string, code: number, seconds: number): void {
    let f = this.figures.get(endpoint);
    if (f === undefined) {
      f = { codes: new Map(), seconds: plainFigures(this.bounds) };
      this.figures.set(endpoint, f);
    }
    f.codes.set(code, (f.codes.get(code) ?? 0) + 1);
    observeInto(f.seconds, this.bounds, seconds);
  }
}
