import { describe, expect, it } from 'vitest';
import { matchScore, normalize, rankByMatch, resultCountText } from './palette-match';

const entries = [
  { label: 'Workspace overview', terms: ['home'] },
  { label: 'Organizations' },
  { label: 'Users & groups', terms: ['people'] },
  { label: 'Documents' },
  { label: 'Acme Corp', terms: ['acme-corp'] },
  { label: 'Réunion notes', terms: ['doc-7'] },
];

describe('matchScore', () => {
  it('matches every entry when nothing is typed', () => {
    expect(matchScore('  ', entries[0] ?? { label: '' })).toBe(1);
  });

  it('refuses an entry that lacks one of the typed words', () => {
    expect(matchScore('users admins', { label: 'Users & groups' })).toBe(0);
  });

  it('ranks an exact match over a prefix over a word start over a substring', () => {
    const exact = matchScore('documents', { label: 'Documents' });
    const prefix = matchScore('doc', { label: 'Documents' });
    const wordStart = matchScore('gro', { label: 'Users & groups' });
    const inside = matchScore('ment', { label: 'Documents' });
    expect(exact).toBeGreaterThan(prefix);
    expect(prefix).toBeGreaterThan(wordStart);
    expect(wordStart).toBeGreaterThan(inside);
    expect(inside).toBeGreaterThan(0);
  });

  it('finds an entry by its other terms, the label weighing a little more', () => {
    expect(matchScore('people', { label: 'Users & groups', terms: ['people'] })).toBeGreaterThan(0);
    expect(matchScore('acme', { label: 'Acme', terms: ['x'] })).toBeGreaterThan(
      matchScore('acme', { label: 'x', terms: ['acme'] }),
    );
  });
});

describe('rankByMatch', () => {
  it('keeps the given order for an empty query', () => {
    expect(rankByMatch('', entries)).toEqual(entries);
  });

  it('puts the best match first and drops what does not match', () => {
    expect(rankByMatch('o', entries).map((e) => e.label)).toEqual([
      'Organizations',
      'Workspace overview',
      'Users & groups',
      'Documents',
      'Acme Corp',
      'Réunion notes',
    ]);
    expect(rankByMatch('acme', entries).map((e) => e.label)).toEqual(['Acme Corp']);
    expect(rankByMatch('group users', entries).map((e) => e.label)).toEqual(['Users & groups']);
  });

  it('ignores case and accents, and finds by ID', () => {
    expect(normalize(' RÉUNION ')).toBe('reunion');
    expect(rankByMatch('reunion', entries).map((e) => e.label)).toEqual(['Réunion notes']);
    expect(rankByMatch('DOC-7', entries).map((e) => e.label)).toEqual(['Réunion notes']);
  });
});

describe('resultCountText', () => {
  it('says how many results there are', () => {
    expect(resultCountText(0)).toBe('No results');
    expect(resultCountText(1)).toBe('1 result');
    expect(resultCountText(5)).toBe('5 results');
  });
});
