import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rowsOf } from '../../db/transaction';
import { createWorkspaceFixture, limitsOn, uniqueEmail } from '../../testing/fixtures';
import { postFrom } from '../../testing/post-from';
import { type TestService, startTestService } from '../../testing/test-service';
import { sendLoginLink } from '#contract/workspace';

// The per-recipient limit at its default: 5 e-mails an hour.
const PER_HOUR = 5;

let svc: TestService;
beforeAll(async () => {
  svc = await startTestService({
    env: limitsOn(),
  });
});
afterAll(() => svc.close());

let lastAddress = 100;
const addresses = (n: number) => Array.from({ length: n }, () => `127.0.0.${(lastAddress += 1)}`);

const sendLink = (from: string, email: string) =>
  postFrom(svc.url, from, sendLoginLink.path, {
    email,
    continueUrl: 'http://localhost/',
  });

async function outboxTo(stem: string): Promise<string[]> {
  const outbox = (await svc.fetch('/dev/outbox')).body as { messages: { to: string }[] };
  return outbox.messages.map((m) => m.to).filter((to) => to.includes(stem));
}

async function loginCodesFor(stem: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    svc.database.db,
    sql`select count(*)::int as n from login_codes where email like ${`%${stem}%`}`,
  );
  return row?.n ?? -1;
}

const exhausted = {
  error: {
    status: 'RESOURCE_EXHAUSTED',
    message: 'Rate limit exceeded for this endpoint. Try again later.',
  },
};

it('lets six addresses send one inbox 5 sign-in e-mails an hour, however it is spelt', async () => {
  const email = uniqueEmail('flood');
  const [local, domain] = email.split('@');
  const spellings = [
    email,
    email.toUpperCase(),
    `${local}+a@${domain}`,
    `${local}+b@${domain?.toUpperCase()}`,
    `${local}+c+d@${domain}`,
    `${local?.toUpperCase()}+d@${domain}`,
  ];
  const answers = [];
  for (const [i, from] of addresses(6).entries()) {
    for (const spelling of [spellings[i], spellings[(i + 3) % 6]]) {
      answers.push(await sendLink(from, spelling ?? email));
    }
  }
  expect(answers.map((a) => a.status)).toEqual([
    ...Array.from({ length: PER_HOUR }, () => 200),
    ...Array.from({ length: 12 - PER_HOUR }, () => 429),
  ]);
  const refused = answers[PER_HOUR];
  expect(refused?.body).toEqual(exhausted);
  const retryAfter = Number(refused?.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(60);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  // Refused before anything was written or sent.
  const stem = (local ?? '').toLowerCase();
  expect(await outboxTo(stem)).toHaveLength(PER_HOUR);
  expect(await loginCodesFor(stem)).toBe(PER_HOUR);
  // Another inbox is not touched.
  expect((await sendLink(addresses(1)[0] ?? '', uniqueEmail('other'))).status).toBe(200);
});

it('answers an address that owns a workspace exactly as one that does not', async () => {
  const { workspace } = await createWorkspaceFixture(svc);
  const answersFor = async (email: string) => {
    const answers = [];
    for (const from of addresses(PER_HOUR + 1)) {
      const { status, body } = await sendLink(from, email);
      answers.push({ status, body });
    }
    return answers;
  };
  const owner = await answersFor(workspace.owner.email);
  const nobody = await answersFor(uniqueEmail('nobody'));
  expect(owner).toEqual(nobody);
  expect(owner.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 429]);
});
