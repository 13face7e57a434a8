import type { FastifyRequest } from 'fastify';
import type { AuditEntry } from '#contract/audit-log';
import type { AnyEndpoint, AuthLevel } from '#contract/endpoint';
import { newId } from '../crypto/secrets';
import { inAmbientTransaction } from '../db/ambient-transaction';
import { type AuditRow, insertAuditEntry } from './audit-store';
import { retryOnConflict } from '../db/conflict-retry';
import type { WriteTransactions } from '../db/pipelined-transaction';
import type { Clock } from '../clock';
import { boundedRecord, clip, requestTargets } from './audit-entry';
import { type AuditNote, AuditRecorder } from './audit-note';
import type { AuthContexts } from '../http/auth';

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

function credentialOf(auth: AuthContexts[AuthLevel]): AuditEntry['actor']['credential'] {
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

function entryOf(call: WriteCall, note: AuditRecorder, at: Date): AuditRow | undefined {
  const credential = credentialOf(call.auth);
  const workspaceId = 'workspaceId' in call.auth ? call.auth.workspaceId : note.workspaceId;
  // A public call that names no workspace changed none: nothing owns an entry of it.
  if (workspaceId === undefined) return undefined;
  const fromRequest = requestTargets(call.input);
  const target = boundedRecord({ workspaceId, ...fromRequest.target, ...note.targets });
  const apiKeyId = credential?.kind === 'apiKey' ? credential.id : target.apiKeyId;
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
      credential,
    },
    target,
    changes: note.changed,
    summary: fromRequest.summary,
  };
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
      const entry = entryOf(call, note, seam.clock());
      // The entry is the transaction's last statement: its COMMIT is sent with it.
      if (entry) await last(() => insertAuditEntry(tx, entry));
      return answer;
    });
  } catch (err) {
    if (answered) seam.forgetCaches();
    throw err;
  }
}
