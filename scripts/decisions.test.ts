import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = 'docs/decisions';
const files = readdirSync(folder).filter((name) => name !== 'README.md');
const index = readFileSync(join(folder, 'README.md'), 'utf8');

describe('docs/decisions/', () => {
  it('holds only numbered decisions, numbered 1, 2, 3, … without a gap or a repeat', () => {
    const numbers = files.map((name) => {
      expect(name).toMatch(/^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/);
      return Number(name.slice(0, 4));
    });
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
  });

  it.each(files)('%s has its number in its title, then Context, Decision, Consequences', (name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    expect(text.split('\n')[0]).toMatch(new RegExp(`^# ${Number(name.slice(0, 4))}\\. \\S`));
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections).toEqual(['Context', 'Decision', 'Consequences']);
  });

  it('lists every decision in its index, once', () => {
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect([...linked].sort()).toEqual([...files].sort());
  });
});
