import type { AuditEntry } from '#contract/audit-log';
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
}

/** The note of one call, read by the binding once the handler has answered. */
export class AuditRecorder implements AuditNote {
  readonly targets: AuditEntry['target'] = {};
  changed: AuditEntry['changes'] = {};
  workspaceId: string | undefined;

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
}

/** The note of a call that records nothing: reads, dry runs. */
export const unrecordedNote: AuditNote = {
  target: () => undefined,
  changes: () => undefined,
  owner: () => undefined,
};
