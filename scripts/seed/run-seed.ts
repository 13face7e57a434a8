import { addActivityLogs, addCommentAnnotations } from '#contract/activities';
import { MAX_EXECUTIONS_PAGE, addAgentExecutions, listAgentExecutions } from '#contract/agents';
import { addReactions } from '#contract/reactions';
import { addRecordings } from '#contract/recordings';
import { addDocuments } from '#contract/documents';
import { addFolder } from '#contract/folders';
import { addOrganizations, addUserGroups, addUsersToGroups } from '#contract/organizations';
import { addJudgments } from '#contract/memory';
import { addNotifications } from '#contract/notifications';
import { addUsers } from '#contract/users';
import { COMPLETE_AFTER_MS, anchorOf, demoExecutions } from './agent-executions';
import { type Credentials, contractClient } from './client';
import { workspaceAccess } from './credentials';
import { type DemoOrganization, demoWorkspace } from './demo-data';
import { demoJudgments } from './demo-judgments';

export interface SeedOptions {
  baseUrl: string;
  email: string;
  scale: number;
  credentials: Credentials;
  /** Where the credentials of a workspace the seed created are remembered. */
  credentialsFile: string;
  /** Requests in flight at once. */
  concurrency: number;
  log: (line: string) => void;
  /** How `RunningExecutions.complete` waits until they are due; a timer unless a test says. */
  sleep?: (ms: number) => Promise<void>;
}

export interface StepCount {
  step: string;
  items: number;
  accepted: number;
  existing: number;
}

/**
 * The demo's agent executions that are still running: the seed planned their end a minute after
 * its first run, and `complete` records it then (at once when that time has passed).
 */
export interface RunningExecutions {
  count: number;
  /** When they finish (epoch ms). */
  due: number;
  complete(): Promise<StepCount>;
}

export interface SeedResult {
  email: string | undefined;
  workspaceId: string | undefined;
  createdWorkspace: boolean;
  steps: StepCount[];
  /** Undefined when none of the demo's executions is running. */
  running: RunningExecutions | undefined;
}

/** Items one call carries; the contract's bound is 1000. */
const CHUNK = 500;

const chunks = <T>(items: readonly T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  );

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

type ItemOutcome = { success: boolean; message: string };

/**
 * Creates the demo workspace's data through the service's endpoints. Every id is fixed by the
 * plan, so a second run finds everything there (`already exists` per item) and adds nothing.
 */
export async function seed(options: SeedOptions): Promise<SeedResult> {
  const credentials: Credentials = { ...options.credentials };
  const call = contractClient(options.baseUrl, () => credentials);
  const access = await workspaceAccess(call, credentials, {
    baseUrl: options.baseUrl,
    email: options.email,
    file: options.credentialsFile,
  });
  const plan = demoWorkspace(options.scale);
  const steps: StepCount[] = [];

  /** Runs one step's calls, a few at a time, counting what each item's outcome says. */
  async function step(
    name: string,
    calls: (() => Promise<Record<string, ItemOutcome>>)[],
  ): Promise<StepCount> {
    const count: StepCount = { step: name, items: 0, accepted: 0, existing: 0 };
    let next = 0;
    let done = 0;
    const worker = async () => {
      while (next < calls.length) {
        const run = calls[next++];
        if (!run) break;
        for (const [id, outcome] of Object.entries(await run())) {
          count.items += 1;
          // An agent execution recorded before answers success without writing (`already
          // recorded`), or refusal once it has finished; both mean it is there.
          if (/already (exists|recorded)|has finished/.test(outcome.message)) count.existing += 1;
          else if (outcome.success) count.accepted += 1;
          else throw new Error(`${name}: ${id}: ${outcome.message}`);
        }
        done += 1;
        if (done % 50 === 0 || done === calls.length) {
          options.log(`  ${name}: ${done}/${calls.length} calls`);
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    steps.push(count);
    options.log(`${name}: ${count.accepted} accepted, ${count.existing} already there`);
    return count;
  }

  await step('organizations', [
    async () =>
      (
        await call(addOrganizations, {
          organizations: plan.map((o) => ({
            organizationId: o.organizationId,
            organizationName: o.organizationName,
          })),
        })
      ).data,
  ]);
  // Parents before children: a folder's parent is in an earlier chunk or in its own.
  await step(
    'folders',
    plan.flatMap((o) =>
      chunks(o.folders).map((folders) => async () => {
        const answer = await call(addFolder, {
          organizationId: o.organizationId,
          folders: folders.map((f) => ({
            folderId: f.folderId,
            folderName: f.folderName,
            parentFolderId: f.parentFolderId,
            ...(f.accessType ? { accessType: f.accessType } : {}),
          })),
        });
        return answer.data;
      }),
    ),
  );
  await step('documents', plan.flatMap(documentCalls));
  await step(
    'users',
    plan.flatMap((o) =>
      chunks(o.users).map(
        (users) => async () =>
          (await call(addUsers, { organizationId: o.organizationId, users })).data,
      ),
    ),
  );
  await step(
    'user groups',
    plan.map(
      (o) => async () =>
        (
          await call(addUserGroups, {
            organizationId: o.organizationId,
            organizationUserGroups: o.groups.map((g) => ({
              groupId: g.groupId,
              groupName: g.groupName,
            })),
          })
        ).data,
    ),
  );
  await step(
    'group members',
    plan.flatMap((o) =>
      o.groups
        .filter((g) => g.userIds.length > 0)
        .map(
          (g) => async () =>
            (
              await call(addUsersToGroups, {
                organizationId: o.organizationId,
                organizationUserGroupId: g.groupId,
                userIds: g.userIds,
              })
            ).data,
        ),
    ),
  );
  await step(
    'document members',
    plan.flatMap((o) => {
      const users = new Map(o.users.map((u) => [u.userId, u]));
      return o.documents.map(
        (d) => async () =>
          (
            await call(addUsers, {
              organizationId: o.organizationId,
              documentId: d.documentId,
              users: d.userIds.flatMap((id) => users.get(id) ?? []),
            })
          ).data,
      );
    }),
  );
  await step(
    'comment threads',
    plan.flatMap((o) =>
      [...groupBy(o.annotations, (a) => a.documentId)].map(
        ([documentId, annotations]) =>
          async () =>
            (
              await call(addCommentAnnotations, {
                organizationId: o.organizationId,
                documentId,
                commentAnnotations: annotations.map((a) => ({
                  annotationId: a.annotationId,
                  commentData: a.comments,
                })),
              })
            ).data,
      ),
    ),
  );
  await step(
    'reactions',
    plan.flatMap((o) =>
      [...groupBy(o.reactions, (x) => x.documentId)].map(
        ([documentId, list]) =>
          async () =>
            (
              await call(addReactions, {
                organizationId: o.organizationId,
                documentId,
                reactions: list.map((x) => ({
                  reactionId: x.reactionId,
                  annotationId: x.annotationId,
                  icon: x.icon,
                  from: x.from,
                })),
              })
            ).data,
      ),
    ),
  );
  await step(
    'recordings',
    plan.flatMap((o) =>
      [...groupBy(o.recordings, (x) => x.documentId)].map(
        ([documentId, list]) =>
          async () =>
            (
              await call(addRecordings, {
                organizationId: o.organizationId,
                documentId,
                recordings: list.map((x) => ({
                  recordingId: x.recordingId,
                  type: x.type,
                  url: x.url,
                  durationMs: x.durationMs,
                  from: x.from,
                })),
              })
            ).data,
      ),
    ),
  );
  await step(
    'activities',
    plan.flatMap((o) =>
      chunks(o.activities).map(
        (activities) => async () =>
          (await call(addActivityLogs, { organizationId: o.organizationId, activities })).data,
      ),
    ),
  );
  // Add Notifications adds one notification a call and answers one outcome, keyed here by its id.
  await step(
    'notifications',
    plan.flatMap((o) =>
      o.notifications.map((n) => async () => {
        const answer = await call(addNotifications, { organizationId: o.organizationId, ...n });
        return { [n.notificationId]: answer.data };
      }),
    ),
  );
  const running = await agentExecutionSteps();
  await step(
    'judgments',
    demoJudgments(plan, Date.now()).map(
      (judgments) => async () => (await call(addJudgments, { judgments })).data,
    ),
  );
  return {
    email: access.email,
    workspaceId: credentials.workspaceId,
    createdWorkspace: access.created,
    steps,
    running,
  };

  /**
   * Agent executions of each organization, planned from the first seed's time (read back from
   * the oldest one) so that a second run adds nothing; answers those of them still running, which
   * the plan completes a minute after the first seed.
   */
  async function agentExecutionSteps(): Promise<RunningExecutions | undefined> {
    const now = Date.now();
    const planned = await Promise.all(
      plan.map(async (o, n) => {
        const oldest = await call(listAgentExecutions, {
          organizationId: o.organizationId,
          orderDirection: 'asc',
          pageSize: 1,
        });
        const anchor = anchorOf(o.organizationId, oldest.data, now);
        const documentIds = o.documents.map((d) => d.documentId);
        return {
          anchor,
          ...demoExecutions(o.organizationId, documentIds, anchor, options.scale, n + 1),
        };
      }),
    );
    await step(
      'agent executions',
      planned.flatMap((p) =>
        chunks(p.recorded).map(
          (executions) => async () => (await call(addAgentExecutions, { executions })).data,
        ),
      ),
    );
    // An earlier run may have completed them already.
    const completions = (
      await Promise.all(
        planned.map(async (p) => {
          const ids = await runningIds(p.completions[0]?.organizationId);
          return p.completions.filter((c) => ids.has(c.id));
        }),
      )
    ).flat();
    if (completions.length === 0) return undefined;
    const due = Math.max(...planned.map((p) => p.anchor)) + COMPLETE_AFTER_MS;
    const sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    return {
      count: completions.length,
      due,
      async complete() {
        if (due > Date.now()) await sleep(due - Date.now());
        return step('agent executions completed', [
          async () => (await call(addAgentExecutions, { executions: completions })).data,
        ]);
      },
    };
  }

  /** The ids of an organization's running executions (the demo runs a few at a time). */
  async function runningIds(organizationId: string | undefined): Promise<Set<string>> {
    if (!organizationId) return new Set();
    const page = await call(listAgentExecutions, {
      organizationId,
      status: 'running',
      pageSize: MAX_EXECUTIONS_PAGE,
    });
    return new Set(page.data.items.map((e) => e.id));
  }

  function documentCalls(o: DemoOrganization) {
    // Add Documents puts one call's documents in one folder: one call per folder (and chunk).
    const byFolder = groupBy(o.documents, (d) => d.folderId ?? '');
    return [...byFolder].flatMap(([folderId, documents]) =>
      chunks(documents).map((list) => async () => {
        const answer = await call(addDocuments, {
          organizationId: o.organizationId,
          ...(folderId ? { folderId } : {}),
          documents: list.map((d) => ({ documentId: d.documentId, documentName: d.documentName })),
        });
        return answer.data;
      }),
    );
  }
}
