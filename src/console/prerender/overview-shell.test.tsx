import { describe, expect, it } from 'vitest';
import { fillOverview, overviewDrawing } from '#contract/overview-page';
import type { Workspace } from '#contract/workspace';
import type { MemberWorkspace } from '#contract/workspace-access';
import { overviewMarkup, overviewShellMarkup } from './overview-shell';

const key = (id: string) => [id, { id, apiKeyName: `Key ${id}`, type: 'testing' as const }];

function workspaceOf(owner: Partial<Workspace['owner']>, keys: number): Workspace {
  return {
    id: 'ws_drawn1',
    name: `  Acme <script>alert(1)</script> & "Co" 'x'  `,
    owner: { id: 'usr_1', email: 'ada@example.com', name: '', avatar: '', ...owner },
    authToken: '••••',
    apiKeyList: Object.fromEntries(Array.from({ length: keys }, (_, i) => key(`ak_${i}`))),
  };
}

/** The cases whose markup differs: each shape, and values the components derive text from. */
const cases: [string, Partial<Workspace['owner']>, number, MemberWorkspace['role']][] = [
  ['a named owner, one key', { name: 'Ada <b>Lovelace</b> & co' }, 1, 'owner'],
  ['an owner without a name, three keys', { name: '  ' }, 3, 'admin'],
  ['an owner named by their address, no key', { name: 'ada@example.com' }, 0, 'viewer'],
  ['a dotted address', { email: 'grace.b.hopper@example.com' }, 2, 'owner'],
];

describe('the overview drawn at build time, filled by the service', () => {
  it.each(cases)('is the live page’s first markup: %s', async (_, owner, keys, role) => {
    const workspace = workspaceOf(owner, keys);
    const person = {
      email: 'viewer"<x>@example.com',
      workspaces: [{ id: workspace.id, name: workspace.name, role }],
    };
    const drawing = overviewDrawing(person, workspace);
    if (!drawing) throw new Error('not drawn');
    const filled = fillOverview(await overviewShellMarkup(drawing.shape), drawing.values);
    expect(filled).toBe(await overviewMarkup(person, workspace));
  });
});
