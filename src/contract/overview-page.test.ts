import { describe, expect, it } from 'vitest';
import { fillOverview, overviewDrawing, overviewMarks } from './overview-page';
import type { Workspace } from './workspace';

function workspaceNamed(name: string): Workspace {
  return {
    id: 'ws_drawn1',
    name,
    owner: { id: 'usr_1', email: 'ada@example.com', name: 'Ada', avatar: '' },
    authToken: '••••',
    apiKeyList: { ak_1: { id: 'ak_1', apiKeyName: 'Key', type: 'testing' } },
  };
}

const person = {
  email: 'ada@example.com',
  workspaces: [{ id: 'ws_drawn1', name: 'x', role: 'owner' as const }],
};

describe('the overview drawing’s values', () => {
  it('fills each mark with its own value only, escaped', () => {
    const drawing = overviewDrawing(person, workspaceNamed('Acme & <Co>'));
    if (!drawing) throw new Error('not drawn');
    const page = `<h1>${overviewMarks.workspaceName}</h1><p>${overviewMarks.ownerEmail}</p>`;
    expect(fillOverview(page, drawing.values)).toBe(
      '<h1>Acme &amp; &lt;Co&gt;</h1><p>ada@example.com</p>',
    );
  });

  it('fills a value holding replacement patterns as it is', () => {
    const drawing = overviewDrawing(person, workspaceNamed('Acme $& $` $$ $1'));
    if (!drawing) throw new Error('not drawn');
    const page = `<h1>${overviewMarks.workspaceName}</h1>`;
    expect(fillOverview(page, drawing.values)).toBe('<h1>Acme $&amp; $` $$ $1</h1>');
  });

  it('draws nothing for a value that spells a mark, which would be filled again', () => {
    expect(overviewDrawing(person, workspaceNamed(`Acme ${overviewMarks.ownerEmail}`))).toBe(
      undefined,
    );
  });
});
