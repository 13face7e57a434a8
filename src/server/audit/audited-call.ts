import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '#contract/audit-log';
import type { AnyEndpoint, AuthLevel } from '#contract/endpoint';
import type { Role } from '#contract/roles';
import { newId } from '../crypto/secrets';
import { inAmbientTransaction } from '../db/ambient-transaction';
import { type AuditRow, insertAuditEntry } from './audit-store';
import { retryOnConflict } from '../db/conflict-retry';
import type { WriteTransactions } from '../db/pipelined-transaction';
import type { Clock } from '../clock';
import { boundedRecord, clip, requestTargets } from './audit-entry';
import { type AuditNote, AuditRecorder } from './audit-note';
import { type AuthContexts, personOf } from '../http/auth';

/** What the binding needs to record write calls. */
export interface AuditSeam {
  /** Transactions on the database itself (not the modules' ambient view): the call's is one. */
  transactions: WriteTransactions;
  clock: Clock;
  /**
   * Called when a handler answered but its transaction then rolled back: caches it updated on
   * the way may hold what never committed.
   */
  forgetCaches(): void;
}

export interface WriteCall {
  endpoint: AnyEndpoint;
  auth: AuthContexts[AuthLevel];
  req: FastifyRequest;
  input: unknown;
}

/** The person an entry names: who acted through a session, with their role in its workspace. */
interface ActingPerson {
  email: string;
  role: Role;
  sessionId: string;
}

function credentialOf(
  auth: AuthContexts[AuthLevel],
  person: ActingPerson | undefined,
): AuditEntry['actor']['credential'] {
  if (person) return { kind: 'session', id: person.sessionId };
  if ('apiKeyId' in auth) return { kind: 'apiKey', id: auth.apiKeyId };
  if ('workspaceId' in auth) return { kind: 'workspace', id: auth.workspaceId };
  return null;
}

/** Ids a handler's answer names that its request could not: the job a call started. */
function answerTargets(answer: unknown): Record<string, string | undefined> {
  const data = (answer as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null) return {};
  const jobId = (data as { jobId?: unknown }).jobId;
  return typeof jobId === 'string' ? { jobId } : {};
}

function entryOf(
  call: WriteCall,
  note: AuditRecorder,
  at: Date,
  workspaceId: string,
  person: ActingPerson | undefined,
): AuditRow {
  const fromRequest = requestTargets(call.input);
  const target = boundedRecord({ workspaceId, ...fromRequest.target, ...note.targets });
  const apiKeyId = 'apiKeyId' in call.auth ? call.auth.apiKeyId : target.apiKeyId;
  if (apiKeyId !== undefined) target.apiKeyId = apiKeyId;
  const userAgent = call.req.headers['user-agent'];
  return {
    id: newId('aud'),
    workspaceId,
    at,
    apiKeyId: apiKeyId ?? null,
    action: call.endpoint.name,
    actor: {
      ip: call.req.ip,
      userAgent: typeof userAgent === 'string' ? clip(userAgent) : '',
      credential: credentialOf(call.auth, person),
      ...(person ?? {}),
    },
    actorEmail: person?.email ?? null,
    target,
    changes: note.changed,
    summary: fromRequest.summary,
  };
}

/**
 * The entries of a call: one in the workspace it acted on, naming the person when it came with a
 * session; or, for a call that acted for a person in each of their workspaces (sign-in, sign-out),
 * one in each, with their role there.
 */
function entriesOf(call: WriteCall, note: AuditRecorder, at: Date): AuditRow[] {
  if (note.acting) {
    const { email, sessionId, workspaces } = note.acting;
    return workspaces.map((ws) =>
      entryOf(call, note, at, ws.id, { email, role: ws.role, sessionId }),
    );
  }
  const workspaceId = 'workspaceId' in call.auth ? call.auth.workspaceId : note.workspaceId;
  // A public call that names no workspace changed none: nothing owns an entry of it.
  if (workspaceId === undefined) return [];
  return [entryOf(call, note, at, workspaceId, personOf(call.auth))];
}

/**
 * Runs a write handler in one transaction with its audit entry: the handler's statements join it
 * (through the modules' ambient view of the database), the entry is written last, and either
 * both commit or neither does. A handler that throws (a refused call) records nothing. A
 * transaction that PostgreSQL ended for a deadlock or a serialization failure runs again, from
 * the handler's start, so that the caller sees the write done rather than an internal error.
 */
export async function runAudited<T>(
  seam: AuditSeam,
  call: WriteCall,
  handle: (note: AuditNote) => Promise<T>,
): Promise<T> {
  return retryOnConflict(
    () => auditedOnce(seam, call, handle),
    (sqlState, attempt) => {
      call.req.log.warn(
        { sqlState, attempt },
        'write call’s transaction ended by a conflict with another; running it again',
      );
    },
  );
}

async function auditedOnce<T>(
  seam: AuditSeam,
  call: WriteCall,
  handle: (note: AuditNote) => Promise<T>,
): Promise<T> {
  const note = new AuditRecorder();
  let answered = false;
  try {
    return await inAmbientTransaction(seam.transactions, async (tx, last) => {
      const answer = await handle(note);
      answered = true;
      note.target(answerTargets(answer));
      const entries = entriesOf(call, note, seam.clock());
      const final = entries.pop();
      for (const entry of entries) await insertAuditEntry(tx, entry);
      // The (last) entry is the transaction's last statement: its COMMIT is sent with it.
      if (final) await last(() => insertAuditEntry(tx, final));
      return answer;
    });
  } catch (err) {
    if (answered) seam.forgetCaches();
    throw err;
  }
}
