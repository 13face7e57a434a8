import { MAX_ID_LENGTH } from '../../contract/common';
import { getDocuments } from '../../contract/documents';
import { getFolders } from '../../contract/folders';
import { getOrganizations, type Organization } from '../../contract/organizations';
import { getUsers } from '../../contract/users';
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

/** An ID the service would refuse (too long) cannot name anything: no call is made for it. */
function couldBeId(term: string): boolean {
  return term.length > 0 && term.length <= MAX_ID_LENGTH;
}

/**
 * A lookup that finds nothing is refused (an unknown folder): INVALID_ARGUMENT from this service,
 * NOT_FOUND from servers that answer as it did before. That is no result, not an error.
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
  const [first, byId] = await Promise.all([
    call(getOrganizations, { pageSize: PALETTE_ORGANIZATIONS }, options),
    couldBeId(term)
      ? call(getOrganizations, { organizationIds: [term], pageSize: 1 }, options)
      : undefined,
  ]);
  const fetched = new Map(first.data.map((o) => [o.id, o]));
  const named = rankByMatch(
    term,
    first.data.map((o) => ({ id: o.id, label: o.organizationName, terms: [o.id] })),
  ).flatMap((match) => fetched.get(match.id) ?? []);
  const organizations = [
    ...(byId?.data ?? []),
    ...named.filter((o) => !byId?.data.some((exact) => exact.id === o.id)),
  ];

  const scope = [
    ...new Set([...(pageOrganization ? [pageOrganization] : []), ...first.data.map((o) => o.id)]),
  ].slice(0, PALETTE_SCOPE);
  if (!couldBeId(term)) return { organizations, folders: [], documents: [], users: [] };

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
          call(getFolders, { organizationId, folderId: term, maxDepth: 1 }, options).then((a) =>
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
