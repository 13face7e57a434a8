import { sql } from 'drizzle-orm';
import type { Role } from '#contract/roles';
import { namedStatement } from '../db/prepared';
import { type DbOrTx, rowsOf } from '../db/transaction';

/*
 * The sessions table (`db/schema/team-schema.ts`): a person's signed-in browsers, found by the
 * keyed hash of the cookie's token, never by the token. Sign-in (the workspace module), the
 * sessions module and the credential check of every request share it.
 */

/**
 * A session as every request reads it, with what decides whether it still holds; times in epoch
 * milliseconds, numbers that both drivers hand over alike and the clock compares as they are.
 */
export interface SessionRow {
  id: string;
  email: string;
  lastSeenMs: number;
  expiresMs: number;
  revoked: boolean;
}

/** A session read for a workspace's call: the person's role there, null when not a member. */
export interface WorkspaceSessionRow extends SessionRow {
  role: Role | null;
}

/** A session read for an API key's call: also the key's workspace and its owner's verification. */
export interface ApiKeySessionRow extends WorkspaceSessionRow {
  /** The key's workspace; null for an unknown key. */
  keyWorkspaceId: string | null;
  /** When the key's owner first made a workspace; null for an unknown key. */
  ownerSinceMs: number | null;
  ownerVerified: boolean;
}

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

const sessionColumns = `s.id, s.email, ${ms('s.last_seen_at')} as "lastSeenMs",
  ${ms('s.expires_at')} as "expiresMs", s.revoked_at is not null as revoked`;

/*
 * One statement per request, named (planned once per connection), each a lookup by the token's
 * hash (unique index) joined to the member row by its primary key: a session costs the request
 * what a token does, one indexed read (docs/benchmarks.md).
 */
const personSessionText = `select ${sessionColumns} from sessions s where s.token_hash = $1`;

const workspaceSessionText = `select ${sessionColumns}, m.role
   from sessions s
   left join members m on m.workspace_id = $2 and m.email = s.email and m.joined_at is not null
   where s.token_hash = $1`;

const apiKeySessionText = `select ${sessionColumns}, m.role, k.workspace_id as "keyWorkspaceId",
     ${ms('o.created_at')} as "ownerSinceMs", o.verified_at is not null as "ownerVerified"
   from sessions s
   left join members m on m.workspace_id = $2 and m.email = s.email and m.joined_at is not null
   left join api_keys k on k.id = $3
   left join workspaces w on w.id = k.workspace_id
   left join owners o on o.email = w.owner_email
   where s.token_hash = $1`;

/** A session read of fixed text, as a statement to run and as text (to send as a check). */
export interface SessionRead<T> {
  text: string;
  run: (db: DbOrTx, params: unknown[]) => Promise<T[]>;
}

const sessionRead = <T>(text: string): SessionRead<T> => ({ text, run: namedStatement<T>(text) });

/** The session alone (`[tokenHash]`), for the endpoints about the signed-in person. */
export const personSessionRead = sessionRead<SessionRow>(personSessionText);
/** The session with the person's role in a workspace (`[tokenHash, workspaceId]`). */
export const workspaceSessionRead = sessionRead<WorkspaceSessionRow>(workspaceSessionText);
/** Also the API key's workspace and owner (`[tokenHash, workspaceId, apiKeyId]`). */
export const apiKeySessionRead = sessionRead<ApiKeySessionRow>(apiKeySessionText);

const HOUR_MS = 60 * 60 * 1000;

/** The last use before which a session has ended for idleness, `idleHours` before `nowMs`. */
export function idleCutoffMs(nowMs: number, idleHours: number): number {
  return nowMs - idleHours * HOUR_MS;
}

/** {@link idleCutoffMs} as a date, for the statements that compare with it. */
export function idleCutoff(now: Date, idleHours: number): Date {
  return new Date(idleCutoffMs(now.getTime(), idleHours));
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

const touchStatement = namedStatement(
  `update sessions set last_seen_at = $2::timestamptz where id = $1 and last_seen_at < $2::timestamptz`,
);

/** Moves a session's last use on (the idle timeout counts from it). */
export async function touchSession(db: DbOrTx, id: string, at: Date): Promise<void> {
  await touchStatement(db, [id, at.toISOString()]);
}

export interface NewSession {
  id: string;
  tokenHash: string;
  email: string;
  at: Date;
  expiresAt: Date;
  userAgent: string;
  address: string;
}

export async function insertSession(db: DbOrTx, s: NewSession): Promise<void> {
  await db.execute(sql`
    insert into sessions (id, token_hash, email, created_at, last_seen_at, expires_at, user_agent, address)
    values (${s.id}, ${s.tokenHash}, ${s.email}, ${s.at}, ${s.at}, ${s.expiresAt}, ${s.userAgent},
      ${s.address})`);
}

/** The live sessions of a person: not revoked, before their end, used within the idle time. */
const live = (email: string, now: Date, idleSince: Date) =>
  sql`email = ${email} and revoked_at is null and expires_at > ${now} and last_seen_at > ${idleSince}`;

/**
 * Ends the person's live sessions beyond the `keep` most recently seen (the cap on sessions per
 * person, before a sign-in adds one); answers how many it ended.
 */
export async function endSessionsBeyond(
  db: DbOrTx,
  email: string,
  keep: number,
  now: Date,
  idleSince: Date,
): Promise<number> {
  const ended = await rowsOf<{ id: string }>(
    db,
    sql`update sessions set revoked_at = ${now}, expires_at = least(expires_at, ${now})
      where id = any(array(
        select id from sessions where ${live(email, now, idleSince)}
        order by last_seen_at desc offset ${keep}))
      returning id`,
  );
  return ended.length;
}

export interface SessionListRow {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  userAgent: string;
  address: string;
}

/** A person's live sessions, the most recently seen first (at most `limit`: the cap). */
/** A person's live sessions, the most recently seen first (exported for its plan test). */
export function sessionsListQuery(email: string, now: Date, idleSince: Date, limit: number) {
  return sql`select id, created_at as "createdAt", last_seen_at as "lastSeenAt",
      user_agent as "userAgent", address
    from sessions where ${live(email, now, idleSince)}
    order by last_seen_at desc limit ${limit}`;
}

export async function listSessions(
  db: DbOrTx,
  email: string,
  now: Date,
  idleSince: Date,
  limit: number,
): Promise<SessionListRow[]> {
  const rows = await rowsOf<SessionListRow>(db, sessionsListQuery(email, now, idleSince, limit));
  return rows.map((r) => ({
    ...r,
    createdAt: asDate(r.createdAt),
    lastSeenAt: asDate(r.lastSeenAt),
  }));
}

/** Which of a person's live sessions to end. */
export type SessionsToEnd = { sessionId: string } | { allBut: string | undefined };

/**
 * Ends a person's live sessions: one by id, or all of them but one (or all); answers the ids it
 * ended. An ended session's end moves to now, so that retention removes it with the expired.
 */
export async function revokeSessions(
  db: DbOrTx,
  email: string,
  which: SessionsToEnd,
  now: Date,
  idleSince: Date,
): Promise<string[]> {
  const narrow =
    'sessionId' in which
      ? sql`and id = ${which.sessionId}`
      : which.allBut !== undefined
        ? sql`and id <> ${which.allBut}`
        : sql``;
  const ended = await rowsOf<{ id: string }>(
    db,
    sql`update sessions set revoked_at = ${now}, expires_at = least(expires_at, ${now})
      where ${live(email, now, idleSince)} ${narrow}
      returning id`,
  );
  return ended.map((r) => r.id);
}
