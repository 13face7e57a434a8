import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestService, startTestService } from '../../testing/test-service';
import { endpointFixture } from '../../testing/webhook-fixtures';
import { ann, canaryScan, erased } from '../../testing/erase-fixtures';
import { addCommentAnnotations } from '#contract/activities';
import { deleteAllUserData } from '#contract/user-data';

let svc: TestService;
let server: Server;
let url = '';
/** Every body the receiver got, in order; it answers each with the body itself. */
const received: string[] = [];

beforeAll(async () => {
  svc = await startTestService({
    webhookWorker: { background: false },
    jobRunner: { background: false },
  });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      received.push(body);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `http://127.0.0.1:${address.port}/hook`;
});
afterAll(async () => {
  server.closeAllConnections();
  server.close();
  await svc.close();
});

describe('Delete All User Data and the webhook records', () => {
  it('leaves no trace of the user in events, messages or recorded answers, sent or not', async () => {
    const { fx } = await endpointFixture(svc, { url });
    const comment = (annotationId: string, from: object) =>
      fx.send(addCommentAnnotations, {
        organizationId: 'org-1',
        documentId: 'doc-1',
        commentAnnotations: [
          { annotationId, commentData: [{ commentText: `${annotationId} text`, from }] },
        ],
      });
    // Delivered (and echoed back into the delivery log), fanned out but not sent, and an event
    // not fanned out yet; Ann's comment beside them.
    await comment('t-sent', erased);
    await comment('t-ann', ann);
    await svc.app.webhookWorker.runOnce();
    await comment('t-queued', erased);
    await svc.app.webhookWorker.fanOutAll();
    await comment('t-event', erased);
    const needles = [erased.name, erased.email];
    const before = await canaryScan(svc.database.db, needles);
    for (const column of [
      'events.data',
      'webhook_messages.payload',
      'webhook_attempts.response_body',
    ])
      expect(before).toContain(`${column}: ${erased.email}`);

    // Add Organizations never created org-1: the erase finds it from the user's data.
    const started = await fx.send(deleteAllUserData, { userIds: [erased.userId] });
    expect(started.body.data?.tasksCount).toBe(1);
    await svc.app.jobRunner.runOnce();
    expect(await canaryScan(svc.database.db, needles)).toEqual([]);

    // What is delivered afterwards carries the anonymised user; Ann's messages are as they were.
    const sentBefore = received.length;
    await svc.app.webhookWorker.runOnce();
    const later = received.slice(sentBefore);
    expect(later).toHaveLength(4);
    for (const body of later) {
      expect(body).not.toContain(erased.email);
      expect(body).toContain('"from":{"userId":"u-erased","name":"Deleted user"}');
    }
    expect(received.filter((b) => b.includes(ann.email))).toHaveLength(2);
  });
});
