import parsePrometheusTextFormat, {
  type PrometheusFamily,
  type PrometheusSample,
} from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocuments, migrateDocuments } from '#contract/documents';
import { getWorkspace } from '#contract/workspace';
import { endpointFixture } from '../testing/webhook-fixtures';
import { startReceiver } from '../testing/webhook-receiver';
import { type TestService, startTestService } from '../testing/test-service';

const TOKEN = 'metrics-token-for-the-test-0123456789';

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    env: { METRICS_TOKEN: TOKEN, WEBHOOK_ALLOW_PRIVATE: 'true' },
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
});
afterAll(() => svc.close());

/** The text of the last scrape: see endpointCount. */
let lastText = '';

/** Scrapes /metrics as Prometheus would and parses the text with a Prometheus text parser. */
async function scrape(headers: Record<string, string> = {}): Promise<PrometheusFamily[]> {
  const res = await fetch(`${svc.url}/metrics`, { headers });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  lastText = await res.text();
  return parsePrometheusTextFormat(lastText);
}

/**
 * A labelled histogram's count in the last scrape. The parser folds a histogram's series into one
 * sample, which serves unlabelled histograms only; the `_count` line is read as the format writes it.
 */
function endpointCount(name: string, endpoint: string): number {
  const line = lastText
    .split('\n')
    .find((l) => l.startsWith(`${name}_count{endpoint="${endpoint}"}`));
  return Number(line?.split(' ').at(-1) ?? 0);
}

function family(families: PrometheusFamily[], name: string): PrometheusFamily {
  const found = families.find((f) => f.name === name);
  if (!found) throw new Error(`no ${name} in /metrics`);
  return found;
}

function sample(f: PrometheusFamily, labels: Record<string, string> = {}): PrometheusSample {
  const found = f.metrics.find((m) =>
    Object.entries(labels).every(([k, v]) => m.labels?.[k] === v),
  );
  return found ?? {};
}

const valueOf = (f: PrometheusFamily, labels: Record<string, string> = {}) =>
  Number(sample(f, labels).value ?? 0);
const countOf = (f: PrometheusFamily, labels: Record<string, string> = {}) =>
  Number(sample(f, labels).count ?? 0);

describe('/metrics', () => {
  it('names every figure the issue lists, with process and event-loop figures', async () => {
    const names = new Set((await scrape()).map((f) => f.name));
    for (const name of [
      'svc_http_requests_total',
      'svc_http_request_duration_seconds',
      'svc_db_statement_duration_seconds',
      'svc_job_tasks',
      'svc_job_oldest_due_task_age_seconds',
      'svc_webhook_attempts_total',
      'svc_webhook_attempt_duration_seconds',
      'svc_webhook_delivery_lag_seconds',
      'svc_webhook_outbox_due_messages',
      'svc_webhook_outbox_lag_seconds',
      'process_cpu_user_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_p99_seconds',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it('counts requests by endpoint name and status, and times them and their statements', async () => {
    const before = await scrape();
    const requests = family(before, 'svc_http_requests_total');
    const refused = { endpoint: getWorkspace.name, code: '400' };
    const refusedBefore = valueOf(requests, refused);
    const statementsBefore = countOf(family(before, 'svc_db_statement_duration_seconds'));
    const fx = await endpointFixture(svc, { url: 'http://127.0.0.1:9/none' });
    await fx.fx.call(addDocuments, {
      organizationId: 'org-1',
      createOrganization: true,
      documents: [{ documentId: 'doc-1', documentName: 'One' }],
    });
    for (let i = 0; i < 3; i++) await svc.send(getWorkspace, {});

    const after = await scrape();
    expect(valueOf(family(after, 'svc_http_requests_total'), refused)).toBe(refusedBefore + 3);
    expect(
      valueOf(family(after, 'svc_http_requests_total'), {
        endpoint: addDocuments.name,
        code: '200',
      }),
    ).toBe(1);
    expect(
      endpointCount('svc_http_request_duration_seconds', getWorkspace.name),
    ).toBeGreaterThanOrEqual(3);
    expect(countOf(family(after, 'svc_db_statement_duration_seconds'))).toBeGreaterThan(
      statementsBefore,
    );
  });

  it('reads the queues from the database and counts webhook attempts by outcome', async () => {
    const rx = await startReceiver();
    try {
      const { fx, wh } = await endpointFixture(svc, { url: rx.url, filterTypes: ['comment.add'] });
      await fx.call(addDocuments, {
        organizationId: 'org-2',
        createOrganization: true,
        documents: [{ documentId: 'doc-2', documentName: 'Two' }],
      });
      await wh.addComments('org-2', ['one', 'two', 'three'], 'doc-2');
      await svc.app.webhookWorker.fanOutAll();
      await fx.call(migrateDocuments, {
        organizationId: 'org-2',
        documentId: 'doc-2',
        newDocumentId: 'doc-2-moved',
      });

      const queued = await scrape();
      expect(valueOf(family(queued, 'svc_webhook_outbox_due_messages'))).toBeGreaterThanOrEqual(3);
      expect(
        valueOf(family(queued, 'svc_job_tasks'), { kind: 'documents.migrate', state: 'pending' }),
      ).toBe(1);
      const attempts = family(queued, 'svc_webhook_attempts_total');
      const deliveredBefore = valueOf(attempts, { outcome: 'delivered' });

      await svc.app.webhookWorker.runOnce();
      await svc.app.jobRunner.runOnce();
      const done = await scrape();
      expect(valueOf(family(done, 'svc_webhook_attempts_total'), { outcome: 'delivered' })).toBe(
        deliveredBefore + rx.received.length,
      );
      expect(rx.received.length).toBeGreaterThanOrEqual(3);
      expect(countOf(family(done, 'svc_webhook_delivery_lag_seconds'))).toBeGreaterThanOrEqual(3);
      expect(valueOf(family(done, 'svc_webhook_outbox_due_messages'))).toBe(0);
      expect(family(done, 'svc_job_tasks').metrics.filter((m) => Number(m.value) > 0)).toEqual([]);
    } finally {
      await rx.close();
    }
  });

  it('answers only this machine, or a client presenting METRICS_TOKEN', async () => {
    // A proxy on this machine connects from loopback for anyone: a forwarded request is remote.
    const forwarded = await fetch(`${svc.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(forwarded.status).toBe(403);
    expect(await forwarded.json()).toEqual({
      error: {
        status: 'PERMISSION_DENIED',
        message:
          'Metrics are answered to this machine, or to a client presenting METRICS_TOKEN as a bearer token.',
      },
    });
    const wrong = await fetch(`${svc.url}/metrics`, {
      headers: { 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(403);
    await scrape({ 'x-forwarded-for': '203.0.113.7', authorization: `Bearer ${TOKEN}` });
  });
});
