import { describe, expect, it } from 'vitest';
import { idLines, idsFromText, linesOf } from './id-search';

describe('idLines', () => {
  it('reads one id a line, keeping spaces, commas and URL characters inside an id', () => {
    expect(idLines('acme corp\na,b\r\nhttps://example.com/a b?x=1#top\rglobex')).toEqual([
      'acme corp',
      'a,b',
      'https://example.com/a b?x=1#top',
      'globex',
    ]);
  });

  it('trims each line, leaves blank lines out and takes each id once', () => {
    expect(idLines('  acme corp  \n\n   \nacme corp\nglobex ')).toEqual(['acme corp', 'globex']);
    expect(idLines(undefined)).toEqual([]);
  });

  it('reads back what linesOf writes', () => {
    const ids = ['acme corp', 'a,b', 'x'];
    expect(idLines(linesOf(ids))).toEqual(ids);
  });
});

describe('idsFromText', () => {
  it('searches an id with spaces or commas as one value', () => {
    expect(idsFromText('acme corp', 30)).toEqual({ ids: ['acme corp'] });
    expect(idsFromText('a, b', 30)).toEqual({ ids: ['a, b'] });
    expect(idsFromText('   ', 30)).toEqual({ ids: undefined });
  });

  it('says why a search cannot be made: too many ids, or one too long to be an id', () => {
    expect(idsFromText('a\nb\nc', 2)).toEqual({
      ids: undefined,
      problem: 'Search at most 2 IDs at once (3 given).',
    });
    expect(idsFromText(`a\n${'x'.repeat(129)}`, 30)).toEqual({
      ids: undefined,
      problem: 'ID 2 cannot be searched: it must be at most 128 characters.',
    });
  });
});
