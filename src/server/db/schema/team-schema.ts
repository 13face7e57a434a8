import { sql } from 'drizzle-orm';
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Role } from '#contract/roles';
import { workspaces } from './schema';

/**
 * The people of a workspace (DESIGN.md § Team access): its owner, exactly one, and those the owner
 * invited. A member is `active` from the first sign-in (`joined_at`), `invited` until
 * `invitation_expires_at`, `expired` after it. The owner's row is written with the workspace.
 */
export const members = pgTable(
  'members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Lower-cased, as owners' addresses are. */
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    /** Who invited them; null for the workspace's first owner. */
    invitedBy: text('invited_by'),
    invitedAt: timestamp('invited_at', { withTimezone: true, mode: 'date' }),
    /** Null once the member has signed in. */
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true, mode: 'date' }),
    /** The first sign-in: from then on the member is active. */
    joinedAt: timestamp('joined_at', { withTimezone: true, mode: 'date' }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.email] }),
    // The workspaces of a person, at sign-in and for each session's call.
    index('members_email_idx').on(t.email, t.workspaceId),
    uniqueIndex('members_one_owner_uq')
      .on(t.workspaceId)
      .where(sql`${t.role} = 'owner'`),
    // Retention of invitations long expired, oldest first; a member who joined is never read.
    index('members_invitation_expiry_idx')
      .on(t.invitationExpiresAt)
      .where(sql`${t.joinedAt} is null`),
  ],
);

/**
 * A person's signed-in browser. The cookie carries a random 256-bit token; only its keyed hash is
 * stored, so a copy of the database signs nobody in. `id` is the session's public name (the audit
 * log's `actor.sessionId`, Revoke Sessions' `sessionId`), never the token.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Moved forward by use (at most once a minute): the idle timeout counts from it. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The absolute end, whatever the use. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    userAgent: text('user_agent').notNull(),
    address: text('address').notNull(),
  },
  (t) => [
    // A person's sessions (Get Sessions, sign out everywhere) and retention by the absolute end.
    index('sessions_email_seen_idx').on(t.email, t.lastSeenAt),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);
