import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCommentAnnotations } from '#contract/activities';
import { deleteAllUserData, getDataDeletionJob } from '#contract/user-data';
import { atLeastOneFieldMessage } from '#contract/common';
import {
  type UpdateEmailConfigRequest,
  getEmailConfig,
  getSentEmails,
  sendTestEmail,
  updateEmailConfig,
} from '#contract/email-service';
import { type WorkspaceFixture, createWorkspaceFixture } from '#server/testing/fixtures';
import { addOrganizationWith } from '#server/testing/notification-fixtures';
import { dataOf } from '#server/testing/replies';
import { type SmtpReceiver, startSmtpReceiver } from '#server/testing/smtp-fixtures';
import { type TestService, startTestService } from '#server/testing/test-service';

/** The service's own relay (SMTP_URL) and SendGrid's (SENDGRID_SMTP_URL), both local. */
let own: SmtpReceiver;
let sendgrid: SmtpReceiver;
let svc: TestService;
/** Every answer body the tests saw, to look for the provider keys in. */
const answers: string[] = [];
/** Shared by a second service on the same database, which must read the same tokens. */
const SVC_MASTER_KEY = randomBytes(32).toString('base64');

beforeAll(async () => {
  own = await startSmtpReceiver();
  sendgrid = await startSmtpReceiver();
  svc = await startTestService({
    env: {
      SVC_MASTER_KEY,
      SMTP_URL: own.url,
      SENDGRID_SMTP_URL: sendgrid.url,
      CONSOLE_DOMAIN: 'console.example.com',
      CONSOLE_URL: 'https://console.example.com',
      MAIL_FROM: 'Console <mail@console.example.com>',
    },
    jobRunner: { background: false },
  });
});
afterAll(async () => {
  await svc.close();
  await own.close();
  await sendgrid.close();
});

const SENDGRID_KEY = 'SG.secret-sendgrid-key-for-the-test-0123456789';

async function update(fx: WorkspaceFixture, data: UpdateEmailConfigRequest) {
  const reply = await fx.send(updateEmailConfig, data);
  answers.push(JSON.stringify(reply.body));
  return reply;
}

async function configOf(fx: WorkspaceFixture) {
  const reply = await fx.send(getEmailConfig, {});
  answers.push(JSON.stringify(reply.body));
  return reply;
}

async function sentOf(fx: WorkspaceFixture) {
  const reply = await fx.send(getSentEmails, { pageSize: 100 });
  answers.push(JSON.stringify(reply.body));
  return dataOf(reply);
}

/** Runs the durable jobs until none is due: every e-mail owed is sent (or retried later). */
async function deliverAll() {
  while ((await svc.app.jobRunner.runOnce()) > 0);
}

const ann = { userId: 'ann', name: 'Ann' };
const bob = { userId: 'bob', name: 'Bob' };
const cat = { userId: 'cat', name: 'Cat' };
const dan = { userId: 'dan', name: 'Dan' };
/** Known to nobody: mentioned, but the organization has no address for them. */
const eve = { userId: 'eve', name: 'Eve' };

/**
 * A new thread on doc-1: Ann opens it mentioning Bob and Eve; Cat replies mentioning Dan. The
 * opening comment is for Bob (Eve has no known address, Ann wrote it); the reply is for Dan
 * (mentioned) and Ann (took part before), not for Cat, who wrote it.
 */
async function thread(fx: WorkspaceFixture, organizationId: string) {
  return dataOf(
    await fx.send(addCommentAnnotations, {
      organizationId,
      documentId: 'doc-1',
      commentAnnotations: [
        {
          commentData: [
            { commentText: 'Opening <b>remark</b>', from: ann, to: [bob, eve] },
            { commentText: 'A reply for Dan', from: cat, to: [dan] },
          ],
        },
      ],
    }),
  );
}

async function workspaceWithUsers(organizationId: string) {
  const fx = await createWorkspaceFixture(svc);
  await addOrganizationWith(fx, organizationId, ['doc-1'], ['ann', 'bob', 'cat', 'dan']);
  return fx;
}

const recipientsOf = (mails: readonly { to: string[] }[]) => mails.flatMap((m) => m.to).sort();

describe('Get and Update Email Config', () => {
  it('answers the defaults of a key that never saved one', async () => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await configOf(fx);
    expect(reply.status).toBe(200);
    expect(reply.body.result?.message).toBe('Email configuration retrieved successfully.');
    expect(reply.body.result?.data).toEqual({
      useEmailService: false,
      emailServiceConfig: {
        type: 'default',
        apiKey: '',
        fromEmail: '',
        fromCompany: '',
        triggers: { 'comment_annotation.add': true, 'comment.add': true },
      },
    });
  });

  it('saves what is given, merges the triggers and answers the key only masked', async () => {
    const fx = await createWorkspaceFixture(svc);
    const saved = await update(fx, {
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: SENDGRID_KEY,
        fromEmail: 'NoReply@Example.com',
        fromCompany: 'Example Corp',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.result).toEqual({
      status: 'success',
      message: 'Email configuration updated successfully.',
      data: null,
    });
    await update(fx, { emailServiceConfig: { triggers: { 'comment.add': false } } });
    const config = dataOf(await configOf(fx));
    expect(config).toEqual({
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: 'SG.••••6789',
        fromEmail: 'NoReply@Example.com',
        fromCompany: 'Example Corp',
        triggers: { 'comment_annotation.add': true, 'comment.add': false },
      },
    });
  });

  it.each([
    [{}, atLeastOneFieldMessage],
    [
      { emailServiceConfig: { type: 'sendgrid', fromEmail: 'a@example.com' } },
      'data.emailServiceConfig.apiKey is required when type is sendgrid',
    ],
    [
      { emailServiceConfig: { type: 'sendgrid', apiKey: SENDGRID_KEY } },
      'data.emailServiceConfig.fromEmail is required when type is sendgrid',
    ],
    [{ emailServiceConfig: { type: 'mailgun' } }, 'data.emailServiceConfig.type'],
    [
      { emailServiceConfig: { fromEmail: 'nobody' } },
      'data.emailServiceConfig.fromEmail must be a valid e-mail address',
    ],
    [
      { emailServiceConfig: { apiKey: 'with space' } },
      'data.emailServiceConfig.apiKey must be printable ASCII characters without spaces',
    ],
    [{ emailServiceConfig: { triggers: { 'comment.delete': true } } }, 'comment.delete'],
  ])('refuses %j, naming the rule, and saves nothing', async (data, message) => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await fx.send(updateEmailConfig, data);
    expect(reply.status).toBe(400);
    expect(reply.body.error?.status).toBe('INVALID_ARGUMENT');
    expect(reply.body.error?.message).toContain(message);
    expect(dataOf(await configOf(fx)).emailServiceConfig.type).toBe('default');
  });
});

describe('the e-mails of comments', () => {
  it('sends each comment through SMTP_URL to the mentioned and earlier authors, never its author', async () => {
    const fx = await workspaceWithUsers('org-own');
    await update(fx, {
      useEmailService: true,
      emailServiceConfig: { fromEmail: 'team@example.com', fromCompany: 'Example Corp' },
    });
    const before = own.mails.length;
    const added = await thread(fx, 'org-own');
    const annotationId = Object.keys(added)[0] ?? '';
    await deliverAll();
    const mails = (await own.waitFor(before + 3)).slice(before);
    expect(recipientsOf(mails)).toEqual(['ann@example.com', 'bob@example.com', 'dan@example.com']);
    const toBob = mails.find((m) => m.to.includes('bob@example.com'));
    expect(toBob?.subject).toBe('Ann mentioned you in a comment on doc-1');
    expect(toBob?.from).toBe('mail@console.example.com');
    expect(toBob?.text).toMatch(/^From: Example Corp <mail@console\.example\.com>/m);
    expect(toBob?.text).toMatch(/^Reply-To: team@example\.com/m);
    // Plain text and HTML, the HTML with the comment escaped, both with the document's link.
    expect(toBob?.text).toContain('Content-Type: text/plain');
    expect(toBob?.text).toContain('Content-Type: text/html');
    expect(toBob?.text).toContain('> Opening <b>remark</b>');
    expect(toBob?.text).toContain('Opening &lt;b&gt;remark&lt;/b&gt;');
    const link = `https://console.example.com/keys/${fx.apiKey}/documents?organization=org-own&ids=doc-1`;
    expect(toBob?.text).toContain(link);
    const toAnn = mails.find((m) => m.to.includes('ann@example.com'));
    expect(toAnn?.subject).toBe('Cat replied in a thread you are in on doc-1');
    expect(toAnn?.auth).toBeUndefined();

    const sent = await sentOf(fx);
    expect(sent).toHaveLength(3);
    for (const mail of sent) {
      expect(mail).toMatchObject({
        status: 'sent',
        provider: 'default',
        attempts: 1,
        organizationId: 'org-own',
        documentId: 'doc-1',
        annotationId,
        lastError: null,
      });
    }
    expect(sent.map((m) => `${m.trigger} ${m.to}`).sort()).toEqual([
      'comment.add ann@example.com',
      'comment.add dan@example.com',
      'comment_annotation.add bob@example.com',
    ]);
  });

  it('sends through SendGrid’s relay with the key as the password, from fromEmail', async () => {
    const fx = await workspaceWithUsers('org-sg');
    await update(fx, {
      useEmailService: true,
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: SENDGRID_KEY,
        fromEmail: 'alerts@customer.example',
        fromCompany: 'Customer Inc',
      },
    });
    const ownBefore = own.mails.length;
    const before = sendgrid.mails.length;
    await thread(fx, 'org-sg');
    await deliverAll();
    const mails = (await sendgrid.waitFor(before + 3)).slice(before);
    expect(recipientsOf(mails)).toEqual(['ann@example.com', 'bob@example.com', 'dan@example.com']);
    for (const mail of mails) {
      expect(mail.auth).toEqual({ username: 'apikey', password: SENDGRID_KEY });
      expect(mail.from).toBe('alerts@customer.example');
      expect(mail.text).toMatch(/^From: Customer Inc <alerts@customer\.example>/m);
    }
    expect(own.mails.length).toBe(ownBefore);
    expect((await sentOf(fx)).every((m) => m.provider === 'sendgrid' && m.status === 'sent')).toBe(
      true,
    );
  });

  it('sends nothing for a trigger that is off, nor while the service is off', async () => {
    const fx = await workspaceWithUsers('org-off');
    await update(fx, {
      useEmailService: true,
      emailServiceConfig: { triggers: { 'comment.add': false } },
    });
    const before = own.mails.length;
    await thread(fx, 'org-off');
    await deliverAll();
    await own.waitFor(before + 1);
    // Only the opening comment's e-mail (to Bob): the reply's trigger is off.
    expect((await sentOf(fx)).map((m) => m.to)).toEqual(['bob@example.com']);

    await update(fx, { useEmailService: false });
    await thread(fx, 'org-off');
    await deliverAll();
    expect(await sentOf(fx)).toHaveLength(1);
    expect(own.mails.length).toBe(before + 1);
  });
});

describe('an erased user', () => {
  it('takes along the e-mails to them and those quoting their comments', async () => {
    const fx = await workspaceWithUsers('org-erase');
    await update(fx, { useEmailService: true });
    await thread(fx, 'org-erase');
    await deliverAll();
    expect(recipientsOf((await sentOf(fx)).map((m) => ({ to: [m.to] })))).toEqual([
      'ann@example.com',
      'bob@example.com',
      'dan@example.com',
    ]);
    const erase = await fx.call(deleteAllUserData, {
      userIds: ['ann'],
      organizationIds: ['org-erase'],
    });
    await deliverAll();
    expect((await fx.call(getDataDeletionJob, { jobId: erase.data.jobId })).data.status).toBe(
      'completed',
    );
    // Bob's quoted Ann's comment and Ann's was to her: Dan's, about Cat's reply, stays.
    expect((await sentOf(fx)).map((m) => m.to)).toEqual(['dan@example.com']);
  });
});

describe('Send Test Email and Get Sent Emails', () => {
  it('sends a test e-mail through the saved provider and lists it, paged newest first', async () => {
    const fx = await createWorkspaceFixture(svc);
    await update(fx, {
      emailServiceConfig: {
        type: 'sendgrid',
        apiKey: SENDGRID_KEY,
        fromEmail: 'alerts@customer.example',
      },
    });
    const before = sendgrid.mails.length;
    const first = await fx.send(sendTestEmail, { to: 'First@Example.com' });
    expect(first.body.result?.message).toBe('Test e-mail queued for sending.');
    const second = dataOf(await fx.send(sendTestEmail, { to: 'second@example.com' }));
    await deliverAll();
    const mails = (await sendgrid.waitFor(before + 2)).slice(before);
    expect(recipientsOf(mails)).toEqual(['first@example.com', 'second@example.com']);
    expect(mails[0]?.subject).toBe('Test e-mail from the e-mail service');

    const page1 = await fx.send(getSentEmails, { pageSize: 1 });
    const [newest] = dataOf(page1);
    expect(newest).toMatchObject({ id: second.id, trigger: 'test', status: 'sent' });
    const token = page1.body.result?.nextPageToken ?? '';
    expect(token).not.toBe('');
    const page2 = await fx.send(getSentEmails, { pageSize: 1, pageToken: token });
    expect(dataOf(page2).map((m) => m.to)).toEqual(['first@example.com']);
    expect(page2.body.result?.nextPageToken ?? null).toBeNull();
  });

  it('records a relay that refuses, with its answer, and retries later', async () => {
    const fx = await createWorkspaceFixture(svc);
    // Nothing listens on port 9 of the loopback: the relay cannot be reached.
    const down = await startTestService({
      env: { SVC_MASTER_KEY, SMTP_URL: 'smtp://127.0.0.1:9' },
      database: svc.database,
      jobRunner: { background: false },
    });
    try {
      const reply = await down.client([fx.credentials.apiKey]).send(sendTestEmail, {
        to: 'x@example.com',
      });
      const { id } = dataOf(reply);
      while ((await down.app.jobRunner.runOnce()) > 0);
      const [mail] = await sentOf(fx);
      expect(mail).toMatchObject({ id, status: 'pending', attempts: 1 });
      expect(mail?.lastError).toMatch(/ECONNREFUSED|connect/);
    } finally {
      await down.close();
    }
  });

  it('refuses a bad address', async () => {
    const fx = await createWorkspaceFixture(svc);
    const reply = await fx.send(sendTestEmail, { to: 'nobody' });
    expect(reply.status).toBe(400);
    expect(reply.body.error?.message).toBe('data.to must be a valid e-mail address');
  });
});

describe('the provider key', () => {
  it('is in no answer and no log line', () => {
    expect(answers.length).toBeGreaterThan(5);
    for (const text of [...answers, ...svc.logs]) expect(text).not.toContain(SENDGRID_KEY);
  });
});
