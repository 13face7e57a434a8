import http from 'node:http';
import https from 'node:https';
import { RESPONSE_EXCERPT_BYTES } from '#contract/webhook-deliveries';
import { checkLiteralHost, guardedLookup } from './ssrf-guard';

export interface HttpOutcome {
  /** Null when no HTTP answer came. */
  status: number | null;
  durationMs: number;
  /** The first kilobyte of the response body. */
  body: string;
  /** Why the attempt failed short of an answer (or while reading it); null otherwise. */
  error: string | null;
  retryAfter: string | undefined;
}

export interface WebhookRequest {
  /** Whose connections to use: each endpoint has its own pool. */
  endpointId: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookClient {
  post(request: WebhookRequest): Promise<HttpOutcome>;
  /** Cuts off every request under way and closes the pooled connections. */
  close(): void;
}

export const USER_AGENT = 'svc-webhooks/1.0';

function describe(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  return err.message || (err as { code?: string }).code || err.name;
}

const pool = {
  keepAlive: true,
  maxSockets: 32,
  maxFreeSockets: 16,
  scheduling: 'lifo' as const,
  // Idle keep-alive connections close after this long.
  timeout: 30_000,
};

/** Endpoints whose connection pools are kept; the least recently used beyond it is closed. */
const MAX_POOLS = 1000;

/**
 * Keep-alive connection pools, one per endpoint, so that requests to one endpoint never queue
 * behind another's, even when both point at the same host (a rate-limited endpoint's slots
 * would otherwise wait behind a busy neighbour's backlog).
 */
class Pools {
  private readonly agents = new Map<string, http.Agent>();

  get(endpointId: string, secure: boolean): http.Agent {
    const key = `${secure ? 's' : ''}:${endpointId}`;
    let agent = this.agents.get(key);
    if (agent) {
      this.agents.delete(key);
    } else {
      agent = secure ? new https.Agent(pool) : new http.Agent(pool);
      const oldest = this.agents.size >= MAX_POOLS ? this.agents.keys().next() : undefined;
      if (oldest && !oldest.done) {
        this.agents.get(oldest.value)?.destroy();
        this.agents.delete(oldest.value);
      }
    }
    this.agents.set(key, agent);
    return agent;
  }

  closeAll(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/**
 * POSTs deliveries over pooled keep-alive connections. Redirects are never followed (a 3xx is a
 * failed attempt like any other non-2xx), and unless private targets are allowed every address
 * connected to must be public.
 */
export function createWebhookClient(options: {
  allowPrivate: boolean;
  timeoutMs: number;
}): WebhookClient {
  const pools = new Pools();
  // Kept here rather than tied to an AbortSignal: a listener per request costs measurably.
  const active = new Set<http.ClientRequest>();

  function post(request: WebhookRequest): Promise<HttpOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = new URL(request.url);
      if (!options.allowPrivate) checkLiteralHost(url.hostname);
    } catch (err) {
      return Promise.resolve({
        status: null,
        durationMs: elapsed(),
        body: '',
        error: describe(err),
        retryAfter: undefined,
      });
    }
    const secure = url.protocol === 'https:';
    return new Promise((resolve) => {
      let status: number | null = null;
      let retryAfter: string | undefined;
      const kept: Buffer[] = [];
      let keptBytes = 0;
      let settled = false;
      const finish = (error: string | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        active.delete(req);
        // A cut-off multi-byte character decodes as U+FFFD; U+0000 cannot be stored.
        const body = Buffer.concat(kept)
          .toString('utf8')
          .replace(/\uFFFD$/, '')
          .replaceAll('\u0000', '');
        resolve({ status, durationMs: elapsed(), body, error, retryAfter });
      };
      const req = (secure ? https : http).request(url, {
        method: 'POST',
        agent: pools.get(request.endpointId, secure),
        headers: {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(request.body)),
          'user-agent': USER_AGENT,
          ...request.headers,
        },
        ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
      });
      active.add(req);
      const timer = setTimeout(() => {
        finish(`No complete answer within ${options.timeoutMs / 1000} s.`);
        req.destroy();
      }, options.timeoutMs);
      req.on('response', (res) => {
        status = res.statusCode ?? null;
        retryAfter = res.headers['retry-after'];
        res.on('data', (chunk: Buffer) => {
          const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
          kept.push(part);
          keptBytes += part.length;
          if (keptBytes >= RESPONSE_EXCERPT_BYTES && !res.complete) {
            // The status is known and the excerpt full: reading a large answer to its end would
            // cost time and memory for bytes nobody keeps. The connection goes with it.
            finish(null);
            res.destroy();
          }
        });
        res.on('end', () => finish(null));
        res.on('error', (err) => finish(describe(err)));
        res.on('close', () => finish(res.complete ? null : 'The connection closed mid-answer.'));
      });
      req.on('error', (err) => finish(describe(err)));
      req.end(request.body);
    });
  }

  return {
    post,
    close() {
      for (const req of active) req.destroy(new Error('The service is stopping.'));
      pools.closeAll();
    },
  };
}
