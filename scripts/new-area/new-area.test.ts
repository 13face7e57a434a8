import { describe, expect, it } from 'vitest';
import { type AreaNames, areaNames, singularOf } from './names';
import { planArea, problemsOf } from './scaffold';

const root = process.cwd();

function named(area: string, item?: string): AreaNames {
  const names = areaNames(area, item);
  if ('problem' in names) throw new Error(names.problem);
  return names;
}

describe('the names of a new area', () => {
  it('derive every layer’s spelling from the kebab-case name and its singular', () => {
    const n = named('tool-runs');
    expect([n.camel, n.pascal, n.title, n.label, n.words, n.snake, n.constant]).toEqual([
      'toolRuns',
      'ToolRuns',
      'Tool Runs',
      'Tool runs',
      'tool runs',
      'tool_runs',
      'TOOL_RUNS',
    ]);
    expect(n.item.kebab).toBe('tool-run');
    expect(named('data-sets', 'data-set-entry').item.camel).toBe('dataSetEntry');
  });

  it('read the common English plurals, and ask for the singular of the others', () => {
    expect(['policies', 'boxes', 'batches', 'classes', 'runs'].map(singularOf)).toEqual([
      'policy',
      'box',
      'batch',
      'class',
      'run',
    ]);
    expect(areaNames('memory')).toEqual({ problem: expect.stringContaining('--item') });
  });

  it('refuse what is not kebab-case, too long, a reserved word or its own item', () => {
    for (const [area, item, problem] of [
      ['Tool-runs', undefined, 'is not kebab-case'],
      ['tool_runs', undefined, 'is not kebab-case'],
      ['tool--runs', undefined, 'is not kebab-case'],
      ['-runs', undefined, 'is not kebab-case'],
      ['1runs', undefined, 'is not kebab-case'],
      ['runs', 'Run', 'is not kebab-case'],
      [`a${'b'.repeat(40)}s`, undefined, 'longer than 40'],
      ['delete', 'thing', 'reserved word'],
      ['runs', 'runs', 'must differ'],
    ] as const) {
      expect(areaNames(area, item), area).toEqual({ problem: expect.stringContaining(problem) });
    }
  });
});

describe('the scaffold on the tree as it stands', () => {
  it('finds every place it adds a line to, and nothing in the way of a new area', () => {
    expect(problemsOf(planArea(named('sample-things')), root)).toEqual([]);
  });

  it('refuses an area that exists, in one line', () => {
    expect(problemsOf(planArea(named('organizations')), root)).toEqual([
      'The area organizations exists already (src/contract/areas.ts).',
    ]);
  });

  it('refuses a name whose files or table another area has, writing over nothing', () => {
    // `reactions` is a contract file of the activities area, not an area.
    const problems = problemsOf(planArea(named('reactions')), root);
    expect(problems).toContain('src/contract/reactions.ts exists; the scaffold never overwrites.');
    expect(problems).toContain('A table named reactions exists.');
  });
});
