import { describe, expect, it } from 'vitest';
import type { UserData } from '#contract/user-data';
import { afterPage, exportStart, recordCount } from './export-progress';

const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `i${i}` }));
const page = (counts: Partial<Record<keyof UserData, number>>): UserData => ({
  comments: items(counts.comments ?? 0),
  reactions: items(counts.reactions ?? 0),
  recordings: items(counts.recordings ?? 0),
  notifications: items(counts.notifications ?? 0),
});

describe('the export progress', () => {
  it('counts pages and records, and a feature is done once a page brings less than 100 of it', () => {
    const first = afterPage(exportStart, page({ comments: 100, reactions: 3 }), 'next');
    expect(first.pages).toBe(1);
    expect(first.done).toEqual(['reactions', 'recordings', 'notifications']);
    expect(first.finished).toBe(false);
    const second = afterPage(first, page({ comments: 40 }), null);
    expect(second).toEqual({
      pages: 2,
      records: { comments: 140, reactions: 3, recordings: 0, notifications: 0 },
      done: ['comments', 'reactions', 'recordings', 'notifications'],
      finished: true,
    });
    expect(recordCount(second)).toBe(143);
  });

  it('ends every feature with the last page, even one that filled it', () => {
    const last = afterPage(exportStart, page({ notifications: 100 }), null);
    expect(last.done).toHaveLength(4);
  });

  it('keeps a done feature done', () => {
    const first = afterPage(exportStart, page({ comments: 100, reactions: 100 }), 'a');
    const second = afterPage(first, page({ comments: 100, reactions: 100 }), 'b');
    expect(second.done).toEqual(['recordings', 'notifications']);
  });
});
