import { z } from 'zod';
import { filterParam, textParam } from '../../lib/list-search';

// The route validates these search params before the page loads, so this file stays small (it
// must not import the contract, which would ride in every page's first load).

/** An instant in the address, as the service reads it: ISO 8601 with its offset. */
const instantParam = filterParam(z.iso.datetime({ offset: true }));

export const auditLogSearchSchema = z.object({
  /** Only the entries of this API key (calls made with it, or made on it by the workspace). */
  apiKey: textParam,
  /** Only the entries of this endpoint, by its name (`Update API Key Config`). */
  action: textParam,
  /** Only the entries of calls this person made through a session, by their e-mail. */
  person: textParam,
  /** Entries at or after this instant. */
  since: instantParam,
  /** Entries before this instant. */
  until: instantParam,
  /** The entry whose details are open. */
  entry: textParam,
});
export type AuditLogSearch = z.output<typeof auditLogSearchSchema>;
