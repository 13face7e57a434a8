import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { addCommentAnnotations } from '#contract/activities';
import { getSentEmails, updateEmailConfig } from '#contract/email-service';
import { addOrganizations } from '#contract/organizations';
import { addUsers } from '#contract/users';
import type { Client } from '#contract/client';
import {
  emptyServerDatabase,
  seededDataDir,
  spawnTestService,
} from '#server/testing/process-fixtures';
import { freePort } from '#server/testing/service-process';
import { startSmtpReceiver } from '#server/testing/smtp-fixtures';
import { apiKeyCredentialsOn, remote } from '#server/testing/webhook-fixtures';

const serverUrl = process.env.DATABASE_URL;
const recipients = Array.from({ length: 15 }, (_, i) => `r${i}`);

/** A thread whose opening comment, by `author`, mentions these users: one e-mail each. */
async function mention(client: Client, documentId: string, userIds: readonly string[]) {
  await client.call(addCommentAnnotations, {
    organizationId: 'org-1',
    documentId,
    commentAnnotations: [
      {
        commentData: [
          {
            commentText: `For ${userIds.join(', ')}`,
            from: { userId: 'author' },
            to: userIds.map((userId) => ({ userId })),
          },
        ],
      },
    ],
  });
}

async function sentStatuses(client: Client) {
  const { data } = await client.call(getSentEmails, { pageSize: 100 });
  return data.map((m) => m.status);
}

describe('e-mails across kill -9', () => {
  it('sends each e-mail owed at the kill after the restart, and none twice', async () => {
    const smtp = await startSmtpReceiver();
    const database = serverUrl ? await emptyServerDatabase(serverUrl) : undefined;
    const env: Record<string, string> = {
      SMTP_URL: smtp.url,
      ...(database
        ? {
            DATABASE_URL: database.url,
            SVC_MASTER_KEY: randomBytes(32).toString('base64'),
            // The killed process's leases end soon (PostgreSQL has no one process to free them).
            SVC_TEST_JOBS: 'on',
            SVC_TEST_JOBS_LEASE_MS: '2000',
          }
        : { DATA_DIR: await seededDataDir('svc-email-crash-') }),
    };
    const port = await freePort();
    const first = await spawnTestService(env, port);
    let client: Client | undefined;
    try {
      const key = await apiKeyCredentialsOn(remote(first.url), 'mail-crash@example.com');
      client = remote(first.url, [key]);
      await client.call(addOrganizations, {
        organizations: [{ organizationId: 'org-1', organizationName: 'Org' }],
      });
      await client.call(addUsers, {
        organizationId: 'org-1',
        users: ['author', ...recipients].map((u) => ({
          userId: u,
          name: u,
          email: `${u}@example.com`,
        })),
      });
      await client.call(updateEmailConfig, { useEmailService: true });

      // Five go out and are marked sent before the kill: they must not go again.
      await mention(client, 'doc-1', recipients.slice(0, 5));
      await smtp.waitFor(5, 20_000);
      const sentClient = client;
      await expect
        .poll(async () => (await sentStatuses(sentClient)).filter((s) => s === 'sent').length, {
          timeout: 10_000,
        })
        .toBe(5);

      // Ten are owed when the relay stops answering: the service is killed mid-send.
      smtp.hold = true;
      await mention(client, 'doc-2', recipients.slice(5));
      await expect.poll(() => smtp.held, { timeout: 20_000 }).toBeGreaterThan(0);
      await first.stop('SIGKILL');
    } finally {
      await first.stop('SIGKILL');
    }
    expect(smtp.mails).toHaveLength(5);

    smtp.hold = false;
    const second = await spawnTestService(env, port);
    try {
      await smtp.waitFor(15, 30_000);
      // A moment for a duplicate to show, were one sent.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const to = smtp.mails.flatMap((m) => m.to).sort();
      expect(to).toEqual(recipients.map((r) => `${r}@example.com`).sort());
      // The restarted service (on the same port) lists every one as sent.
      const statuses = client ? await sentStatuses(client) : [];
      expect(statuses).toEqual(Array.from({ length: 15 }, () => 'sent'));
    } finally {
      await second.stop();
      await smtp.close();
      await database?.drop();
    }
  }, 120_000);
});
