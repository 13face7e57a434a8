import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceProcess } from './service-process';
import type { Client } from '#contract/client';
import type { User } from '#contract/common';
import { apiKeyCredentialsOn, remote, webhooksOf } from './webhook-fixtures';
import type { Receiver } from './webhook-receiver';
import { deleteAllUserData, getAllUserData, getDataDeletionJob } from '#contract/user-data';
import { addOrganizations } from '#contract/organizations';
import { addDocuments, migrateDocuments, migrateDocumentsStatus } from '#contract/documents';
import { addCommentAnnotations } from '#contract/activities';

/**
 * Crash rounds (issue 16): the service is killed with SIGKILL at a random moment while bulk adds
 * are answered, webhook messages are delivered, a document migration and a user erasure run;
 * after the restart, nothing acknowledged may be missing (data or message), and every job
 * acknowledged finishes with the result it would have had uninterrupted. The process test runs a
 * few rounds; `bench/crash.ts` runs twenty and prints them.
 */
export interface CrashRoundsOptions {
  rounds: number;
  /** Seeds the kill moments, so that a failing run can be replayed. */
  seed: number;
  /** Starts the service on the same data every time. */
  start: () => Promise<ServiceProcess>;
  receiver: Receiver;
  /** The longest pause between the round's trigger (jobs and some bulk adds answered) and the kill. */
  maxPauseMs?: number;
  log?: (line: string) => void;
}

export interface CrashRound {
  round: number;
  killAfterMs: number;
  /** Bulk-add calls answered 200 before the kill, and the comments they held. */
  acknowledgedCalls: number;
  acknowledgedComments: number;
  /** Calls sent but unanswered when the process died. */
  unansweredCalls: number;
  jobsAcknowledged: number;
  /** Messages the receiver had got before the kill, of the round's acknowledged comments. */
  deliveredBeforeKill: number;
  /** After the restart: acknowledged comments missing from the data, or never delivered. */
  lostComments: number;
  lostMessages: number;
  /** Jobs not completed within the wait, or completed with another result. */
  unfinishedJobs: number;
  wrongResults: number;
  recoveryMs: number;
}

const ORG = 'org-crash';
const BULK_USER = { userId: 'u-bulk', name: 'Bulk Writer' };
const BATCH = 25;
/** Threads of the document each round migrates, and of the user each round erases. */
const MIGRATED_THREADS = 100;
const ERASED_THREADS = 100;

/**
 * How long a round waits for its jobs and messages after the restart: on PostgreSQL another
 * process may still be alive, so the tasks and deliveries the killed one had claimed wait for
 * their leases (60 s) to end before they run again; the embedded database frees them at start.
 */
const RECOVERY_WAIT_MS = 150_000;

/** A small seeded generator (mulberry32): the same seed, the same kill moments. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const commentsBody = (documentId: string, from: User, texts: readonly string[]) => ({
  organizationId: ORG,
  documentId,
  commentAnnotations: texts.map((commentText) => ({ commentData: [{ commentText, from }] })),
});

/** Every comment of a user in the organization, page by page, with its document. */
async function commentsOf(svc: Pick<Client, 'send'>, userId: string) {
  const comments: { commentText: string; documentId: string }[] = [];
  let pageToken: string | undefined;
  do {
    const res = await svc.send(getAllUserData, {
      organizationId: ORG,
      userId,
      ...(pageToken ? { pageToken } : {}),
    });
    if (res.status !== 200) throw new Error(`export: HTTP ${res.status}`);
    comments.push(...(res.body.result.data.comments as typeof comments));
    pageToken = res.body.result.nextPageToken ?? undefined;
  } while (pageToken);
  return comments;
}

async function waitFor(what: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await what()) return true;
    await sleep(100);
  }
  return false;
}

const deliveredTexts = (rx: Receiver) =>
  new Set(
    rx.received.flatMap((d) => {
      const body = JSON.parse(d.body) as { data?: { comment?: { commentText?: string } } };
      const text = body.data?.comment?.commentText;
      return text === undefined ? [] : [text];
    }),
  );

export async function runCrashRounds(options: CrashRoundsOptions): Promise<CrashRound[]> {
  const { rounds, receiver: rx, log = () => undefined } = options;
  const next = random(options.seed);
  const maxPause = options.maxPauseMs ?? 400;
  let service = await options.start();
  const key = await apiKeyCredentialsOn(remote(service.url), 'crash-rounds@example.com');
  let svc = remote(service.url, [key]);
  const wh = webhooksOf(svc);
  await wh.enable();
  await wh.createEndpoint({ url: rx.url, filterTypes: ['comment.add'] });
  await svc.call(addOrganizations, {
    organizations: [{ organizationId: ORG, organizationName: 'Crash rounds' }],
  });
  const acknowledged = new Set<string>();
  const results: CrashRound[] = [];
  try {
    for (let round = 1; round <= rounds; round += 1) {
      const victim = { userId: `u-victim-${round}`, name: `Victim ${round}` };
      const author = { userId: `u-author-${round}`, name: `Author ${round}` };
      const migrated = `doc-migrated-${round}`;
      const texts = (prefix: string, n: number) =>
        Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
      // Before the window: what the round's jobs will work on, acknowledged.
      await svc.call(addDocuments, {
        organizationId: ORG,
        documents: [{ documentId: migrated, documentName: migrated }],
      });
      await svc.call(
        addCommentAnnotations,
        commentsBody(migrated, author, texts(`r${round}-mig`, MIGRATED_THREADS)),
      );
      await svc.call(
        addCommentAnnotations,
        commentsBody(`doc-victim-${round}`, victim, texts(`r${round}-victim`, ERASED_THREADS)),
      );

      // The window: jobs requested and bulk adds answered while the kill may come. The moment
      // follows the work, not the clock, so that a slow machine is killed mid-work as well: once
      // the jobs are answered and a random number of bulk adds, then a random pause more.
      const windowStarted = performance.now();
      const addsBeforeKill = 1 + Math.floor(next() * 6);
      const pauseMs = Math.round(next() * maxPause);
      const jobs: { kind: 'erase' | 'migration'; id: string }[] = [];
      let stopped = false;
      let acknowledgedCalls = 0;
      let acknowledgedComments = 0;
      let unansweredCalls = 0;
      const roundTexts: string[] = [];
      const requests = Promise.all(
        [
          svc
            .call(deleteAllUserData, { userIds: [victim.userId], organizationIds: [ORG] })
            .then(({ data }) => jobs.push({ kind: 'erase', id: data.jobId })),
          svc
            .call(migrateDocuments, {
              organizationId: ORG,
              documentId: migrated,
              newDocumentId: `${migrated}-moved`,
            })
            .then(({ data }) => jobs.push({ kind: 'migration', id: data.migrationId })),
        ].map((p) => p.catch((err: unknown) => log(`job request: ${String(err)}`))),
      );
      const writer = (async () => {
        for (let batch = 0; !stopped; batch += 1) {
          const batchTexts = texts(`r${round}-b${batch}`, BATCH);
          try {
            await svc.call(addCommentAnnotations, commentsBody('doc-bulk', BULK_USER, batchTexts));
            acknowledgedCalls += 1;
            acknowledgedComments += batchTexts.length;
            for (const text of batchTexts) acknowledged.add(text);
            roundTexts.push(...batchTexts);
          } catch {
            unansweredCalls += 1;
            return;
          }
        }
      })();
      await requests;
      await waitFor(() => Promise.resolve(acknowledgedCalls >= addsBeforeKill), 30_000);
      await sleep(pauseMs);
      const killAfterMs = Math.round(performance.now() - windowStarted);
      stopped = true;
      await service.stop('SIGKILL');
      await writer;
      const deliveredBeforeKill = [...deliveredTexts(rx)].filter((t) =>
        roundTexts.includes(t),
      ).length;

      // After the restart: every job finishes, nothing acknowledged is missing.
      const restarted = performance.now();
      service = await options.start();
      svc = remote(service.url, [key]);
      let unfinishedJobs = 0;
      let wrongResults = 0;
      for (const job of jobs) {
        const done = await waitFor(async () => {
          const status =
            job.kind === 'erase'
              ? (await svc.call(getDataDeletionJob, { jobId: job.id })).data.status
              : (
                  await svc.call(migrateDocumentsStatus, {
                    organizationId: ORG,
                    migrationId: job.id,
                  })
                ).data.status;
          return status === 'completed' || status === 'failed';
        }, RECOVERY_WAIT_MS);
        if (!done) unfinishedJobs += 1;
      }
      // The result an uninterrupted run gives: the victim has nothing left; the migrated
      // document's threads are all under the new id, once each.
      if (
        jobs.some((j) => j.kind === 'erase') &&
        (await commentsOf(svc, victim.userId)).length !== 0
      ) {
        wrongResults += 1;
      }
      if (jobs.some((j) => j.kind === 'migration')) {
        const moved = await commentsOf(svc, author.userId);
        const right =
          moved.length === MIGRATED_THREADS &&
          moved.every((c) => c.documentId === `${migrated}-moved`);
        if (!right) wrongResults += 1;
      }
      const stored = new Set((await commentsOf(svc, BULK_USER.userId)).map((c) => c.commentText));
      const lostComments = [...acknowledged].filter((t) => !stored.has(t)).length;
      await waitFor(() => {
        const arrived = deliveredTexts(rx);
        return Promise.resolve([...acknowledged].every((t) => arrived.has(t)));
      }, RECOVERY_WAIT_MS);
      const delivered = deliveredTexts(rx);
      const lostMessages = [...acknowledged].filter((t) => !delivered.has(t)).length;
      const result: CrashRound = {
        round,
        killAfterMs,
        acknowledgedCalls,
        acknowledgedComments,
        unansweredCalls,
        jobsAcknowledged: jobs.length,
        deliveredBeforeKill,
        lostComments,
        lostMessages,
        unfinishedJobs,
        wrongResults,
        recoveryMs: Math.round(performance.now() - restarted),
      };
      log(JSON.stringify(result));
      results.push(result);
    }
  } finally {
    await service.stop('SIGKILL');
  }
  return results;
}
