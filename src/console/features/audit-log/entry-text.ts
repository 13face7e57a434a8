import type { AuditEntry } from '#contract/audit-log';

export const credentialKinds = {
  workspace: 'Workspace',
  apiKey: 'API key',
  session: 'Session',
  system: 'The service',
} as const;

/** The credential a call presented, in words: its kind and id, or none (Create Workspace). */
export function credentialText(actor: AuditEntry['actor']): string {
  if (!actor.credential) return 'No credential';
  return `${credentialKinds[actor.credential.kind]} ${actor.credential.id}`;
}

/**
 * Who made the call, in words: the person and their role then, for a call through a person's
 * session; else the credential.
 */
export function actorText(actor: AuditEntry['actor']): string {
  if (!actor.email) return credentialText(actor);
  return actor.role ? `${actor.email} (${actor.role})` : actor.email;
}

/** What the entry changed, in short: the fields it changed, then the items it counted. */
export function changeText(entry: AuditEntry): string {
  const parts: string[] = [];
  const fields = Object.keys(entry.changes);
  if (fields.length > 0) parts.push(fields.join(', '));
  for (const [list, { count }] of Object.entries(entry.summary)) {
    parts.push(`${list}: ${count.toLocaleString('en')} ${count === 1 ? 'item' : 'items'}`);
  }
  return parts.join(' · ');
}

/** A recorded value as JSON, as the service gave it (masked secrets included). */
export function jsonText(value: unknown): string {
  return value === undefined ? '—' : JSON.stringify(value, null, 2);
}
