import { describe, expect, it } from 'vitest';
import type { UserData } from '#contract/user-data';
import { exportFile, exportFileName, jsonLines } from './export-file';

const empty: UserData = { comments: [], reactions: [], recordings: [], notifications: [] };
const subject = { organizationId: 'org-1', userId: 'u-1', exportedAt: '2026-01-01T00:00:00.000Z' };

describe('the export file', () => {
  it('joins the pages of every feature into one JSON document', () => {
    const file = exportFile('json', subject);
    file.add({ ...empty, comments: [{ commentId: 'c1' }, { commentId: 'c2' }] });
    file.add({ ...empty, comments: [{ commentId: 'c3' }], reactions: [{ reactionId: 'r1' }] });
    file.add(empty);
    expect(JSON.parse(file.parts().join(''))).toEqual({
      ...subject,
      comments: [{ commentId: 'c1' }, { commentId: 'c2' }, { commentId: 'c3' }],
      reactions: [{ reactionId: 'r1' }],
      recordings: [],
      notifications: [],
    });
  });

  it('is a valid JSON document when the user has no data', () => {
    const file = exportFile('json', subject);
    file.add(empty);
    expect(JSON.parse(file.parts().join(''))).toEqual({
      ...subject,
      comments: [],
      reactions: [],
      recordings: [],
      notifications: [],
    });
  });

  it('writes one record per line with its feature in JSON Lines', () => {
    const file = exportFile('jsonl', subject);
    file.add({ ...empty, comments: [{ commentId: 'c1' }], notifications: [{ id: 'n1' }] });
    file.add({ ...empty, recordings: [{ recordingId: 'rec1' }] });
    const lines = file.parts().join('').split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { feature: 'comments', record: { commentId: 'c1' } },
      { feature: 'notifications', record: { id: 'n1' } },
      { feature: 'recordings', record: { recordingId: 'rec1' } },
    ]);
  });

  it('keeps a newline inside a record escaped, so that a record stays on one line', () => {
    const text = jsonLines({ ...empty, comments: [{ commentText: 'one\ntwo' }] });
    expect(text.split('\n')).toHaveLength(2);
  });

  it('names the file after the organization and the user, safely', () => {
    expect(exportFileName('jsonl', 'org 1', 'u/7')).toBe('user-data-org_1-u_7.jsonl');
    expect(exportFileName('json', 'org-1', 'u.7')).toBe('user-data-org-1-u.7.json');
  });
});
