import { describe, expect, it } from 'vitest';
import { runningChanged } from './running-changes';

const row = (id: string, startedAt: number, status = 'passed') => ({ id, startedAt, status });

describe('runningChanged', () => {
  const shown = [row('c', 300, 'running'), row('b', 200), row('a', 100)];

  it('sees no change while the same executions run', () => {
    expect(runningChanged(shown, [{ id: 'c', startedAt: 300 }], 'desc', true)).toBe(false);
  });

  it('sees a shown execution finish', () => {
    expect(runningChanged(shown, [], 'desc', true)).toBe(true);
  });

  it('sees a new execution start among the loaded rows', () => {
    const running = [
      { id: 'c', startedAt: 300 },
      { id: 'd', startedAt: 400 },
    ];
    expect(runningChanged(shown, running, 'desc', false)).toBe(true);
  });

  it('leaves a running execution beyond the loaded rows to the scroll', () => {
    const running = [
      { id: 'c', startedAt: 300 },
      { id: 'old', startedAt: 50 },
    ];
    expect(runningChanged(shown, running, 'desc', false)).toBe(false);
    expect(runningChanged(shown, running, 'desc', true)).toBe(true);
    const ascending = [row('a', 100), row('b', 200), row('c', 300, 'running')];
    expect(
      runningChanged(
        ascending,
        [
          { id: 'c', startedAt: 300 },
          { id: 'n', startedAt: 900 },
        ],
        'asc',
        false,
      ),
    ).toBe(false);
  });
});
