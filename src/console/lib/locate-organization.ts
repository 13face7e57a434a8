import type { ApiKeyCredentials } from './api-key';
import { keyQueryOptions } from './key-query';
import type { NamedThings } from './named-things';

/**
 * The organization that has the folder or document an address names without one: the
 * candidates (the one last chosen first, then the key's listed ones) are asked a few at a time,
 * in order, until one has it; null when none has. Under the organizations area's key, so that
 * adding or deleting things there asks again.
 */
export const locatedOrganization = (
  apiKey: ApiKeyCredentials,
  named: NamedThings,
  candidates: readonly string[],
) =>
  keyQueryOptions(
    [
      'organizations',
      apiKey.id,
      'locate',
      named.folderId ?? null,
      named.documentId ?? null,
    ] as const,
    async (signal): Promise<string | null> => {
      // Loaded when a link needs it: the folder and document contracts it calls with would
      // otherwise join every page that works in an organization.
      const { firstHolding } = await import('./organization-holding');
      return firstHolding(apiKey, named, candidates, signal);
    },
  );

/** What the page says, once, when no organization has what the address names. */
export function notLocatedMessage(named: NamedThings, searched: number, listedAll: boolean) {
  const what = [
    named.folderId === undefined ? undefined : `folder ${named.folderId}`,
    named.documentId === undefined ? undefined : `document ${named.documentId}`,
  ]
    .filter(Boolean)
    .join(' and ');
  const where = !listedAll
    ? `none of the first ${searched} organizations of this key has it; choose its organization to look there`
    : searched === 1
      ? `the key's only organization does not have it`
      : `none of the key's ${searched} organizations has it`;
  return `The address names ${what} without its organization, and ${where}.`;
}
