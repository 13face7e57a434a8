import { getDocuments } from '#contract/documents';
import { getFolders } from '#contract/folders';
import { isId } from '#contract/ids';
import { getOrganizations, type Organization } from '#contract/organizations';
import { getUsers } from '#contract/users';
import { call } from './api';
import { isApiError } from './api-error';
import type { ApiKeyCredentials } from './api-key';
import { keyQueryOptions } from './key-query';
import { rankByMatch } from './palette-match';

/** Organizations matched by name or ID: among the key's first ones, which is all a page shows. */
export const PALETTE_ORGANIZATIONS = 20;
/**
 * Organizations searched for a document, folder or user by exact ID: three calls each, so only
 * the page's organization and the key's first few are asked.
 */
export const PALETTE_SCOPE = 3;

export interface FoundThing {
  organizationId: string;
  organizationName: string;
  id: string;
  name: string;
}

export interface PaletteLookup {
  organizations: Organization[];
  folders: FoundThing[];
  documents: FoundThing[];
  users: FoundThing[];
}

/**
 * Text the contract would refuse as an ID (too long, and whatever else its rule refuses) cannot
 * name anything: nothing is looked up by it.
 */
export function couldBeId(term: string): boolean {
  return isId(term);
}

/**
 * A lookup that finds nothing is no result. The lookups ask in ways the service answers with a
 * list, empty when nothing matches (so that no "no such folder" reaches the browser's console as
 * a failed request); should one still be refused as unknown (INVALID_ARGUMENT from this service,
 * NOT_FOUND from servers that answer as it did before), that too means nothing was found.
 */
async function orNothing<T>(lookup: Promise<T[]>): Promise<T[]> {
  try {
    return await lookup;
  } catch (error) {
    if (isApiError(error) && ['INVALID_ARGUMENT', 'NOT_FOUND'].includes(error.status)) return [];
    throw error;
  }
}

async function lookUp(
  apiKey: ApiKeyCredentials,
  term: string,
  pageOrganization: string | undefined,
  signal: AbortSignal,
): Promise<PaletteLookup> {
  const options = { apiKey, signal };
  const byId = couldBeId(term);
  // The page's organization comes from the address: it is searched only if it exists, which is
  // asked together with the typed ID.
  const exact = byId ? [...new Set([term, ...(pageOrganization ? [pageOrganization] : [])])] : [];
  const [first, named] = await Promise.all([
    call(getOrganizations, { pageSize: PALETTE_ORGANIZATIONS }, options),
    exact.length > 0
      ? call(getOrganizations, { organizationIds: exact, pageSize: exact.length }, options)
      : undefined,
  ]);
  const fetched = new Map([...first.data, ...(named?.data ?? [])].map((o) => [o.id, o]));
  const byName = rankByMatch(
    term,
    first.data.map((o) => ({ id: o.id, label: o.organizationName, terms: [o.id] })),
  ).flatMap((match) => fetched.get(match.id) ?? []);
  const typed = byId ? fetched.get(term) : undefined;
  const organizations = [...(typed ? [typed] : []), ...byName.filter((o) => o.id !== typed?.id)];

  const existing = pageOrganization && fetched.has(pageOrganization) ? [pageOrganization] : [];
  const scope = [...new Set([...existing, ...first.data.map((o) => o.id)])].slice(0, PALETTE_SCOPE);
  if (!byId) return { organizations, folders: [], documents: [], users: [] };

  const found = await Promise.all(
    scope.map(async (organizationId) => {
      const organizationName = fetched.get(organizationId)?.organizationName ?? organizationId;
      const thing = (id: string, name: string | undefined): FoundThing => ({
        organizationId,
        organizationName,
        id,
        name: name || id,
      });
      const [folders, documents, users] = await Promise.all([
        orNothing(
          call(getFolders, { organizationId, folderIds: [term] }, options).then((a) =>
            a.data.map((f) => thing(f.folderId, f.folderName)),
          ),
        ),
        orNothing(
          call(getDocuments, { organizationId, documentIds: [term], pageSize: 1 }, options).then(
            (a) => a.data.map((d) => thing(d.id, d.documentName)),
          ),
        ),
        orNothing(
          call(getUsers, { organizationId, userIds: [term], pageSize: 1 }, options).then((a) =>
            Array.isArray(a.data) ? a.data.map((u) => thing(u.userId, u.name)) : [],
          ),
        ),
      ]);
      return { folders, documents, users };
    }),
  );
  return {
    organizations,
    folders: found.flatMap((f) => f.folders),
    documents: found.flatMap((f) => f.documents),
    users: found.flatMap((f) => f.users),
  };
}

/**
 * What the palette finds of a key for a typed term: organizations by name or ID, and a folder,
 * document or user by exact ID in the page's organization and the key's first few. Under the
 * organizations area's key, so that adding or deleting things there refreshes it. A newer term
 * makes a new query; React Query aborts the old one's requests through the signal.
 */
export const paletteLookup = (
  apiKey: ApiKeyCredentials,
  term: string,
  pageOrganization: string | undefined,
) =>
  keyQueryOptions(
    ['organizations', apiKey.id, 'palette', term, pageOrganization ?? null] as const,
    (signal) => lookUp(apiKey, term, pageOrganization, signal),
  );
