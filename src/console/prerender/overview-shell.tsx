import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
} from '@tanstack/react-router';
// React's renderer to HTML, not this project's service (which the rule keeps out): it runs at build.
// eslint-disable-next-line no-restricted-imports
import { renderToStaticMarkup } from 'react-dom/server';
import { type OverviewShape, initials, overviewMarks as marks } from '#contract/overview-page';
import type { Workspace } from '#contract/workspace';
import type { MemberWorkspace } from '#contract/workspace-access';
import { AppShell } from '../components/app-shell';
import { WorkspaceOverview } from '../features/workspace/workspace-overview';
import { currentSessionQuery } from '../lib/current-session';
import { sessionStorageKey } from '../lib/session';
import { workspaceDetailQuery } from '../lib/workspace-query';
import { drawnWithWindow } from './drawn-with-window';

/** A number of keys no drawing shows otherwise, where the count's mark goes. */
const keyCountSentinel = 7919;

/** Replaces the one occurrence of `text` in `html`, which must be there exactly once. */
function replaceOnce(html: string, text: string, by: string): string {
  const parts = html.split(text);
  if (parts.length !== 2) throw new Error(`overview-shell: ${parts.length - 1} × ${text}`);
  return parts.join(by);
}

/** Who is signed in (Get Current Session) as the drawing shows them. */
interface Person {
  email: string;
  workspaces: MemberWorkspace[];
}

/**
 * The shell and the overview as the console first draws them for the person and the workspace
 * (the API keys and the e-mail status still loading): the markup the live page draws.
 */
export async function overviewMarkup(person: Person, workspace: Workspace): Promise<string> {
  const queryClient = new QueryClient();
  queryClient.setQueryData(currentSessionQuery('').queryKey, { ...person, sessionId: '' });
  queryClient.setQueryData(workspaceDetailQuery(workspace.id).queryKey, workspace);
  const rootRoute = createRootRoute({
    component: () => (
      <AppShell>
        <WorkspaceOverview workspaceId={workspace.id} />
      </AppShell>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    isServer: true,
  });
  await router.load();
  const session = JSON.stringify({ baseUrl: '', workspaceId: workspace.id });
  // The parts of `window` the drawn components read: the tab's session (a person's, in this
  // workspace).
  const window = {
    location: { origin: '' },
    sessionStorage: { getItem: (key: string) => (key === sessionStorageKey ? session : null) },
    localStorage: { getItem: () => null },
  };
  return drawnWithWindow(window, () =>
    renderToStaticMarkup(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    ),
  );
}

/**
 * The signed-in overview of a person in one workspace as it first opens, drawn at build time into
 * index.html once per shape, with the marks of `#contract/overview-page` where the values go, for
 * the service to fill: the same components as the live page (the shell and the overview), which
 * replaces it when the console's script has run.
 */
export async function overviewShellMarkup(shape: OverviewShape): Promise<string> {
  const workspace: Workspace = {
    id: marks.workspaceId,
    name: marks.workspaceName,
    owner: {
      id: marks.ownerId,
      email: marks.ownerEmail,
      name: shape.owner === 'named' ? marks.ownerName : '',
      avatar: '',
    },
    authToken: '',
    apiKeyList: Object.fromEntries(
      Array.from({ length: shape.keys === 'one' ? 1 : keyCountSentinel }, (_, index) => [
        `key-${index}`,
        { id: `key-${index}`, apiKeyName: '', type: 'testing' as const },
      ]),
    ),
  };
  let html = await overviewMarkup(
    {
      email: marks.personEmail,
      workspaces: [{ id: workspace.id, name: workspace.name, role: shape.role }],
    },
    workspace,
  );
  // The avatar's initials and the key count, which the components derive from the values.
  const drawnInitials =
    shape.owner === 'named' ? initials(marks.ownerName) : initials('', marks.ownerEmail);
  html = replaceOnce(html, `>${drawnInitials}<`, `>${marks.ownerInitials}<`);
  if (shape.keys === 'many') {
    html = replaceOnce(html, `${keyCountSentinel} keys`, `${marks.keyCount} keys`);
  }
  return html;
}
