import type { AuditEntry } from '#contract/audit-log';
import type { MemberWorkspace } from '#contract/workspace-access';
import { boundedRecord, clip } from './audit-entry';

/**
 * What a write handler tells the audit log beyond its request: ids it created or found, the
 * settings it changed, and, for the public Create Workspace, the workspace the entry belongs to.
 * The binding writes the entry; a handler that says nothing still gets one.
 */
export interface AuditNote {
  target(ids: Record<string, string | undefined>): void;
  changes(changes: AuditEntry['changes']): void;
  owner(workspaceId: string): void;
  /**
   * The call acted for a person in each of their workspaces (sign-in, sign-out): an entry in each,
   * naming them, their session and their role there.
   */
  personIn(
    person: { email: string; sessionId: string },
    workspaces: readonly Pick<MemberWorkspace, 'id' | 'role'>[],
  ): void;
}

/** What `personIn` told the recorder. */
export interface ActingFor {
  email: string;
  sessionId: string;
  workspaces: readonly Pick<MemberWorkspace, 'id' | 'role'>[];
}

/** The note of one call, read by the binding once the handler has answered. */
export class AuditRecorder implements AuditNote {
  readonly targets: AuditEntry['target'] = {};
  changed: AuditEntry['changes'] = {};
  workspaceId: string | undefined;
  acting: ActingFor | undefined;

  target(ids: Record<string, string | undefined>): void {
    for (const [kind, id] of Object.entries(ids))
      if (id !== undefined) this.targets[kind] = clip(id);
  }

  changes(changes: AuditEntry['changes']): void {
    this.changed = boundedRecord({ ...this.changed, ...changes });
  }

  owner(workspaceId: string): void {
    this.workspaceId = workspaceId;
  }

  personIn(
    person: { email: string; sessionId: string },
    workspaces: ActingFor['workspaces'],
  ): void {
    this.acting = { ...person, workspaces };
  }
}

/** The note of a call that records nothing: reads, dry runs. */
export const unrecordedNote: AuditNote = {
  target: () => undefined,
  changes: () => undefined,
  owner: () => undefined,
  personIn: () => undefined,
};
