import type { AuditEntry } from '#contract/audit-log';

/** Who made the call, in words: the credential's kind and id, or none (Create Workspace). */
export function credentialText(actor: AuditEntry['actor']): string {
  if (!actor.credential) return 'No credential';
  const kind = actor.credential.kind === 'workspace' ? 'Workspace' : 'API key';
  return `${kind} ${actor.credential.id}`;
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
