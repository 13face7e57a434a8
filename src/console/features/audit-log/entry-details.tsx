import type { ReactNode } from 'react';
import type { AuditEntry } from '#contract/audit-log';
import { Badge } from '../../components/badge';
import { IdText } from '../../components/id-text';
import { DetailPanel } from '../../components/detail-panel';
import { formatTime } from '../../lib/format-time';
import { actorText, credentialKinds, credentialText, jsonText } from './entry-text';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

const Value = ({ value }: { value: unknown }) => (
  <pre className="max-h-40 min-w-0 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs whitespace-pre-wrap break-all">
    {jsonText(value)}
  </pre>
);

/** Each changed setting as its value before → after, as the service recorded them. */
function Changes({ changes }: { changes: AuditEntry['changes'] }) {
  const fields = Object.entries(changes);
  if (fields.length === 0) return null;
  return (
    <section aria-label="Changed fields" className="space-y-2">
      <h4 className="text-sm font-semibold">Changed fields</h4>
      <ul className="space-y-3">
        {fields.map(([field, { from, to }]) => (
          <li
            key={field}
            aria-label={field}
            className="grid gap-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)_auto_minmax(0,1fr)] sm:items-start"
          >
            <code className="font-mono text-xs font-medium wrap-anywhere">{field}</code>
            <div role="group" aria-label="From">
              <Value value={from} />
            </div>
            <span aria-hidden="true" className="text-muted sm:pt-2">
              →
            </span>
            <div role="group" aria-label="To">
              <Value value={to} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The lists of a bulk write, counted: how many items, and the first ids the service kept. */
function Summaries({ summary }: { summary: AuditEntry['summary'] }) {
  const lists = Object.entries(summary);
  if (lists.length === 0) return null;
  return (
    <section aria-label="Items counted" className="space-y-2">
      <h4 className="text-sm font-semibold">Items counted</h4>
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {lists.map(([list, { count, ids }]) => (
          <Row key={list} label={list}>
            {count.toLocaleString('en')} {count === 1 ? 'item' : 'items'}
            {ids.length > 0 ? (
              <>
                {ids.length < count ? `, the first ${ids.length}: ` : ': '}
                <code className="font-mono text-xs break-words">{ids.join(', ')}</code>
              </>
            ) : null}
          </Row>
        ))}
      </dl>
    </section>
  );
}

/**
 * One entry opened (`?entry=` in the address): who called from where with what, every id the
 * call touched, each changed setting from → to, and the lists it counted.
 */
export function EntryDetails({ entry, onClose }: { entry: AuditEntry; onClose: () => void }) {
  const credential = entry.actor.credential;
  return (
    <DetailPanel
      id={`entry-${entry.id}`}
      title={entry.action}
      badge={
        <Badge tone="neutral">{credential ? credentialKinds[credential.kind] : 'Public'}</Badge>
      }
      summary={
        <p className="text-sm">
          <time dateTime={entry.at}>{formatTime(entry.at)}</time>
        </p>
      }
      onClose={onClose}
    >
      <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Row label="Entry">
          <IdText value={entry.id} label="entry ID" className="text-xs" />
        </Row>
        {entry.actor.email ? <Row label="Person">{actorText(entry.actor)}</Row> : null}
        <Row label="Credential">{credentialText(entry.actor)}</Row>
        <Row label="Client address">
          <IdText value={entry.actor.ip} label="client address" className="text-xs" />
        </Row>
        <Row label="User agent">{entry.actor.userAgent || '—'}</Row>
        {Object.entries(entry.target).map(([kind, id]) => (
          <Row key={kind} label={kind}>
            <IdText value={id} label={kind} className="text-xs" />
          </Row>
        ))}
      </dl>
      <Changes changes={entry.changes} />
      <Summaries summary={entry.summary} />
      {Object.keys(entry.changes).length === 0 && Object.keys(entry.summary).length === 0 ? (
        <p className="text-sm text-muted">The call changed no setting and counted no list.</p>
      ) : null}
    </DetailPanel>
  );
}
