import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDocuments, migrateDocuments } from '#contract/documents';
import { STATUS_WINDOW_MINUTES, type WorkspaceStatus, getWorkspaceStatus } from '#contract/status';
import { type WorkspaceFixture, createWorkspaceFixture, uniqueEmail } from '../../testing/fixtures';
import { membersOf } from '../../testing/member-fixtures';
import { addMember, signIn } from '../../testing/session-fixtures';
import { type TestService, startTestService } from '../../testing/test-service';
import { webhooksOf } from '../../testing/webhook-fixtures';
import { type Receiver, startReceiver } from '../../testing/webhook-receiver';

let svc: TestService;
let ok: Receiver;
let down: Receiver;
/** Frozen while two reads must see the same instant; else the time of day. */
let frozen: Date | undefined;

beforeAll(async () => {
  [ok, down] = await Promise.all([startReceiver(), startReceiver()]);
  down.answer = () => ({ status: 503, body: 'down for maintenance' });
  svc = await startTestService({
    env: { WEBHOOK_ALLOW_PRIVATE: 'true' },
    clock: () => frozen ?? new Date(),
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
});
afterAll(async () => {
  await svc.close();
  await Promise.all([ok.close(), down.close()]);
});

const statusOf = async (fx: WorkspaceFixture): Promise<WorkspaceStatus> =>
  (await fx.call(getWorkspaceStatus, {})).data;

const sum = (status: WorkspaceStatus, field: 'delivered' | 'failed') =>
  status.deliveries.reduce((total, minute) => total + minute[field], 0);

/** A workspace with advanced webhooks on, an endpoint to each receiver, and a document. */
async function webhookWorkspace() {
  const fx = await createWorkspaceFixture(svc);
  const wh = webhooksOf(fx);
  await wh.enable();
  const delivering = await wh.createEndpoint({ url: ok.url, filterTypes: ['comment.add'] });
  const failing = await wh.createEndpoint({ url: down.url, filterTypes: ['comment.add'] });
  await fx.call(addDocuments, {
    organizationId: 'org-1',
    createOrganization: true,
    documents: [{ documentId: 'doc-1', documentName: 'One' }],
  });
  return { fx, wh, delivering, failing };
}

async function queueMigration(fx: WorkspaceFixture, newDocumentId: string) {
  await fx.call(migrateDocuments, { organizationId: 'org-1', documentId: 'doc-1', newDocumentId });
}

function gauge(families: PrometheusFamily[], name: string, labels: Record<string, string> = {}) {
  const sample = families
    .find((f) => f.name === name)
    ?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(sample?.value ?? 0);
}

describe('Get Workspace Status', () => {
  let a: Awaited<ReturnType<typeof webhookWorkspace>>;

  it('agrees with /metrics while the service has one workspace', async () => {
    a = await webhookWorkspace();
    await a.wh.addComments('org-1', ['one', 'two', 'three']);
    await svc.app.webhookWorker.fanOutAll();
    await queueMigration(a.fx, 'doc-1-moved');
    frozen = new Date(Date.now() + 5_000);
    try {
      const status = await statusOf(a.fx);
      const res = await fetch(`${svc.url}/metrics`);
      const families = parsePrometheusTextFormat(await res.text());
      expect(status.readAt).toBe(frozen.toISOString());
      expect(status.outbox).toEqual({
        dueMessages: gauge(families, 'svc_webhook_outbox_due_messages'),
        lagSeconds: gauge(families, 'svc_webhook_outbox_lag_seconds'),
      });
      expect(status.outbox.dueMessages).toBe(6);
      expect(status.outbox.lagSeconds).toBeGreaterThanOrEqual(5);
      expect(status.jobs.length).toBeGreaterThan(0);
      for (const kind of status.jobs) {
        expect(kind).toEqual({
          kind: kind.kind,
          pending: gauge(families, 'svc_job_tasks', { kind: kind.kind, state: 'pending' }),
          running: gauge(families, 'svc_job_tasks', { kind: kind.kind, state: 'running' }),
          oldestDueSeconds: gauge(families, 'svc_job_oldest_due_task_age_seconds', {
            kind: kind.kind,
          }),
        });
      }
      const metricsKinds = new Set(
        families
          .find((f) => f.name === 'svc_job_tasks')
          ?.metrics.filter((m) => Number(m.value) > 0)
          .map((m) => m.labels?.kind),
      );
      expect(new Set(status.jobs.map((kind) => kind.kind))).toEqual(metricsKinds);
    } finally {
      frozen = undefined;
    }
  });

  it('moves as messages are delivered or fail and jobs are done', async () => {
    const before = await statusOf(a.fx);
    expect(before.jobs).toEqual([
      { kind: 'documents.migrate', pending: 1, running: 0, oldestDueSeconds: expect.any(Number) },
    ]);
    expect(before.failingEndpoints).toEqual([]);
    expect(before.deliveries).toHaveLength(STATUS_WINDOW_MINUTES);
    expect(sum(before, 'delivered') + sum(before, 'failed')).toBe(0);

    await svc.app.webhookWorker.runOnce();
    await svc.app.jobRunner.runOnce();
    expect(ok.received).toHaveLength(3);
    expect(down.received).toHaveLength(3);

    const after = await statusOf(a.fx);
    expect(after.jobs).toEqual([]);
    // The failed messages wait for their retry: pending, not due.
    expect(after.outbox).toEqual({ dueMessages: 0, lagSeconds: 0 });
    expect(sum(after, 'delivered')).toBe(3);
    expect(sum(after, 'failed')).toBe(3);
    // Whole minutes, one apart, the last the minute the figures were read in.
    const minutes = after.deliveries.map((d) => Date.parse(d.minute));
    expect(minutes.map((m, i) => m - (minutes[0] ?? 0) - i * 60_000)).toEqual(minutes.map(() => 0));
    expect(minutes.every((m) => m % 60_000 === 0)).toBe(true);
    const read = Date.parse(after.readAt);
    expect(read - (read % 60_000)).toBe(minutes.at(-1));
    expect(after.failingEndpoints).toEqual([
      {
        apiKeyId: a.fx.apiKey,
        endpointId: a.failing.id,
        kind: 'advanced',
        url: down.url,
        state: 'failing',
        since: expect.any(String),
        lastError: 'HTTP 503',
        failingMessages: 3,
      },
    ]);
    const since = Date.parse(after.failingEndpoints[0]?.since ?? '');
    expect(since).toBeLessThanOrEqual(Date.parse(after.readAt));
    expect(since).toBeGreaterThan(Date.parse(before.readAt) - 1);

    await a.wh.updateEndpoint({ endpointId: a.delivering.id, disabled: true });
    const disabled = await statusOf(a.fx);
    expect(
      disabled.failingEndpoints.map((e) => [e.endpointId, e.state, e.failingMessages]),
    ).toEqual([
      [a.failing.id, 'failing', 3],
      [a.delivering.id, 'disabled', 0],
    ]);
    await a.wh.updateEndpoint({ endpointId: a.delivering.id, disabled: false });
  });

  it('shows an endpoint whose circuit opened, since its first failure, with the breaker’s error', async () => {
    const breaking = await startTestService({
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_BREAKER_FAILURES: '2' },
      webhookWorker: { background: false },
    });
    try {
      const fx = await createWorkspaceFixture(breaking);
      const wh = webhooksOf(fx);
      await wh.enable();
      const failing = await wh.createEndpoint({ url: down.url, filterTypes: ['comment.add'] });
      await wh.addComments('org-1', ['one', 'two', 'three']);
      const started = Date.now();
      await breaking.app.webhookWorker.runOnce();
      const status = (await fx.call(getWorkspaceStatus, {})).data;
      expect(status.failingEndpoints).toMatchObject([
        { endpointId: failing.id, state: 'circuit_open', lastError: 'HTTP 503' },
      ]);
      expect(Date.parse(status.failingEndpoints[0]?.since ?? '')).toBeGreaterThanOrEqual(
        started - 1000,
      );
    } finally {
      await breaking.close();
    }
  });

  it('never shows another workspace’s queues, deliveries or endpoints', async () => {
    const mine = await statusOf(a.fx);
    const b = await webhookWorkspace();
    await b.wh.addComments('org-1', ['four', 'five']);
    await svc.app.webhookWorker.fanOutAll();
    await queueMigration(b.fx, 'doc-b-moved');

    const theirs = await statusOf(b.fx);
    expect(theirs.outbox.dueMessages).toBe(4);
    expect(theirs.jobs.map((kind) => [kind.kind, kind.pending])).toEqual([
      ['documents.migrate', 1],
    ]);
    expect(theirs.failingEndpoints).toEqual([]);
    expect(sum(theirs, 'delivered') + sum(theirs, 'failed')).toBe(0);

    const still = await statusOf(a.fx);
    expect(still.outbox).toEqual(mine.outbox);
    expect(still.jobs).toEqual(mine.jobs);
    expect(sum(still, 'delivered')).toBe(sum(mine, 'delivered'));
    expect(still.failingEndpoints).toEqual(mine.failingEndpoints);

    await svc.app.webhookWorker.runOnce();
    const delivered = await statusOf(b.fx);
    expect([sum(delivered, 'delivered'), sum(delivered, 'failed')]).toEqual([2, 2]);
    expect(delivered.failingEndpoints.map((e) => e.endpointId)).toEqual([b.failing.id]);
    expect([sum(await statusOf(a.fx), 'delivered')]).toEqual([sum(mine, 'delivered')]);
  });

  it('answers owners and admins, and refuses viewers', async () => {
    const owner = (await membersOf(a.fx)).find((member) => member.role === 'owner');
    const admin = uniqueEmail('admin');
    const viewer = uniqueEmail('viewer');
    await addMember(svc, a.fx.workspace.id, admin, 'admin');
    for (const email of [owner?.email ?? '', admin]) {
      const person = await signIn(svc, email);
      const res = await svc.send(
        getWorkspaceStatus,
        {},
        { credentials: person.as(a.fx.workspace.id) },
      );
      expect(res.status, email).toBe(200);
    }
    await addMember(svc, a.fx.workspace.id, viewer, 'viewer');
    const person = await signIn(svc, viewer);
    const res = await svc.send(
      getWorkspaceStatus,
      {},
      { credentials: person.as(a.fx.workspace.id) },
    );
    expect(res.status).toBe(403);
    expect(res.body).toEqual({
      error: { status: 'PERMISSION_DENIED', message: 'Viewers cannot read the workspace status.' },
    });
  });
});
