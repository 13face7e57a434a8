import { useQuery } from '@tanstack/react-query';
import { useMatch, useParams, useRouter, useSearch } from '@tanstack/react-router';
import type { WorkspacePath } from '#contract/areas';
import { errorMessage } from '../../lib/api-error';
import { workspaceAreasFor } from '../../lib/areas';
import {
  documentHref,
  folderHref,
  keyPageHref,
  organizationHref,
  userHref,
} from '../../lib/palette-hrefs';
import type { FoundThing } from '../../lib/palette-lookup';
import { paletteLookup } from '../../lib/palette-lookup';
import { rankByMatch } from '../../lib/palette-match';
import { useSession } from '../../lib/session';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useRole } from '../../lib/use-role';
import { useSignOut } from '../../lib/use-sign-out';
import { workspaceDetailQuery } from '../../lib/workspace-query';
import type { PaletteGroup, PaletteItem, ShellControls } from './palette-items';

/**
 * What else an admin may type to find a workspace page of the registry (contract/areas.ts): a
 * record of every path, so that a new workspace page cannot be left out of the palette.
 */
const workspacePageTerms: Record<WorkspacePath, string[]> = {
  '/': ['home'],
  '/audit-log': ['changes', 'history', 'who changed'],
  '/team': ['members', 'invite', 'people', 'roles'],
  '/status': ['health', 'queues', 'deliveries', 'failing endpoints', 'lag'],
  '/sessions': ['devices', 'browsers', 'signed in'],
};

/** Long enough for a word typed at a normal pace to make one lookup, short enough to feel live. */
const TYPING_PAUSE_MS = 250;

// A disabled query still needs credentials to build its options with; they are never sent.
const noKey = { id: '', token: '' };

export interface PaletteResults {
  groups: PaletteGroup[];
  /** The service is being asked (or will be once typing pauses). */
  searching: boolean;
  /** Why the service's part of the results is missing. */
  problem: string | undefined;
}

function things(
  found: FoundThing[],
  kind: string,
  href: (organizationId: string, id: string) => string,
): PaletteItem[] {
  return found.map((thing) => ({
    key: `${kind}:${thing.organizationId}:${thing.id}`,
    label: thing.name,
    terms: [thing.id],
    detail: `${thing.id} · in ${thing.organizationName}`,
    run: { href: href(thing.organizationId, thing.id) },
  }));
}

/**
 * Everything the palette offers for what is typed: the console's pages and actions and the
 * workspace's other keys, matched at once; the key's organizations, folders, documents and users,
 * looked up once typing pauses. Empty groups are left out.
 */
export function usePaletteResults(typed: string, shell: ShellControls): PaletteResults {
  const { theme, setTheme, keyAreas } = shell;
  const session = useSession();
  const { apiKeyId, endpointId } = useParams({ strict: false });
  const currentKey = apiKeyId ?? session?.apiKey;
  // The key's credentials, on the key's pages (its route fetched them); elsewhere no lookups.
  const apiKey = useMatch({
    from: '/_app/keys/$apiKeyId',
    shouldThrow: false,
    select: (match) => match.context.apiKey,
  });
  const router = useRouter();
  const pageOrganization = useSearch({ strict: false, select: (search) => search.organization });
  const signOut = useSignOut();
  const role = useRole();
  const workspace = useQuery({
    ...workspaceDetailQuery(session?.workspaceId ?? ''),
    enabled: Boolean(session),
  });

  const term = typed.trim();
  const settled = useDebouncedValue(term, TYPING_PAUSE_MS);
  const lookingUp = Boolean(apiKey) && settled !== '';
  const lookup = useQuery({
    ...paletteLookup(apiKey ?? noKey, settled, pageOrganization),
    enabled: lookingUp,
  });

  const pages: PaletteItem[] = [
    {
      key: 'page:workspace',
      label: 'Workspace overview',
      terms: workspacePageTerms['/'],
      run: { href: '/' },
    },
    { key: 'page:keys', label: 'API keys', terms: ['choose key'], run: { href: '/keys' } },
    {
      key: 'page:reference',
      label: 'API reference',
      terms: ['endpoints', 'docs', 'try'],
      run: { href: '/reference' },
    },
    ...workspaceAreasFor(role).map((page) => ({
      key: `page:${page.path.slice(1)}`,
      label: page.label,
      terms: workspacePageTerms[page.path],
      run: { href: page.path },
    })),
    {
      key: 'page:key',
      label: 'API key overview',
      terms: ['counts'],
      run: { href: keyPageHref(currentKey) },
    },
    ...keyAreas.map((area) => ({
      key: `page:${area.segment}`,
      label: area.label,
      // A settings page is found by its section's name too ("settings").
      terms: area.section ? [area.segment, area.section] : [area.segment],
      run: { href: keyPageHref(currentKey, area.segment) },
    })),
  ];
  // The same page for the other key, as the key bar's switch does: its params and search stay,
  // except on a webhook endpoint's page, whose endpoint is the old key's (its list instead).
  // Written with the router rather than switchKeyHref: that module's import of the address
  // parser would split the parser out of the console's first load (see ShellControls).
  const switchKey = (toKey: string) => {
    if (apiKeyId && !endpointId) {
      void router.navigate({
        to: '.',
        params: (params) => ({ ...params, apiKeyId: toKey }),
        search: true,
      });
    } else {
      void router.navigate({ href: keyPageHref(toKey, endpointId ? 'webhooks' : undefined) });
    }
  };
  const dark = theme === 'dark';
  const actions: PaletteItem[] = [
    {
      key: 'action:theme',
      label: dark ? 'Switch to the light theme' : 'Switch to the dark theme',
      terms: ['theme', 'dark', 'light', 'colours'],
      run: { action: () => setTheme(dark ? 'light' : 'dark') },
    },
    {
      key: 'action:sign-out',
      label: 'Sign out',
      terms: ['log out'],
      run: { action: () => void signOut() },
    },
  ];
  const keys: PaletteItem[] = Object.values(workspace.data?.apiKeyList ?? {})
    .filter((key) => key.id !== currentKey)
    .map((key) => ({
      key: `key:${key.id}`,
      label: `Switch to ${key.apiKeyName}`,
      terms: [key.apiKeyName, key.id, 'api key'],
      detail: `${key.type} key · ${key.id}`,
      run: { action: () => switchKey(key.id) },
    }));

  const found = lookingUp && settled === term ? lookup.data : undefined;
  const forKey =
    (href: (key: string, organizationId: string, id: string) => string) =>
    (organizationId: string, id: string) =>
      href(apiKey?.id ?? '', organizationId, id);
  const groups: PaletteGroup[] = [
    { name: 'Pages', items: rankByMatch(term, pages) },
    { name: 'Actions', items: rankByMatch(term, actions) },
    { name: 'API keys', items: rankByMatch(term, keys) },
    {
      name: 'Organizations',
      items: (found?.organizations ?? []).map((o) => ({
        key: `organization:${o.id}`,
        label: o.organizationName,
        terms: [o.id],
        detail: o.disabled ? `${o.id} · disabled` : o.id,
        run: { href: organizationHref(apiKey?.id ?? '', o.id) },
      })),
    },
    { name: 'Folders', items: things(found?.folders ?? [], 'folder', forKey(folderHref)) },
    { name: 'Documents', items: things(found?.documents ?? [], 'document', forKey(documentHref)) },
    { name: 'Users', items: things(found?.users ?? [], 'user', forKey(userHref)) },
  ];

  return {
    groups: groups.filter((group) => group.items.length > 0),
    searching: Boolean(apiKey) && term !== '' && (settled !== term || lookup.isFetching),
    problem: !apiKey
      ? term
        ? 'Open a page of an API key to search its organizations, folders, documents and users.'
        : undefined
      : lookup.isError && settled === term
        ? `The search of the key's data failed: ${errorMessage(lookup.error)}`
        : undefined,
  };
}
