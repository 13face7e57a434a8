import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type DemoOrganization, demoWorkspace } from './demo-data';

function totals(plan: readonly DemoOrganization[]) {
  const sum = (key: 'folders' | 'documents' | 'users') =>
    plan.reduce((n, o) => n + o[key].length, 0);
  return {
    organizations: plan.length,
    folders: sum('folders'),
    documents: sum('documents'),
    users: sum('users'),
  };
}

/** docs/demo-data.md, which tells a newcomer what `npm run seed` writes. */
const section = readFileSync('docs/demo-data.md', 'utf8');
const count = (text: string) => Number(text.replaceAll(',', ''));

describe("the demo plan has docs/demo-data.md's counts", () => {
  it('at scale 1, the counts the prose gives (3 organizations, 2,000 documents, …)', () => {
    const prose = section
      .split('\n')
      .filter((line) => !line.startsWith('|'))
      .join('\n');
    // "on 1–4 documents each" is a range, not a count of the workspace.
    const claims = [
      ...prose.matchAll(/(?<![–\d,.])(\d[\d,]*) (organizations|folders|documents|users)\b/g),
    ];
    expect(claims.length).toBeGreaterThanOrEqual(4);
    const plan = totals(demoWorkspace(1));
    for (const [claim, number = '', what = ''] of claims) {
      expect(plan[what as keyof typeof plan], claim).toBe(count(number));
    }
  });

  it('at the scale the --scale row names, its count of documents', () => {
    const row = section.split('\n').find((line) => line.startsWith('| `--scale'));
    const [, scale = '', documents = ''] =
      /(\d[\d.]*) for (\d[\d,]*) documents/.exec(row ?? '') ?? [];
    expect(scale, row).not.toBe('');
    expect(totals(demoWorkspace(Number(scale))).documents).toBe(count(documents));
  });
});
