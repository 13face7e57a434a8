import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanSearch, filterParam, sortParam, textParam } from './list-search';
import { nextSort, readSort, sortRows, writeSort } from './list-sort';

const schema = z.object({
  q: textParam,
  kind: filterParam(z.enum(['a', 'b'])),
  sort: sortParam(['name', 'createdAt']),
});
const fallback = { by: 'createdAt', desc: true } as const;

describe('list search params', () => {
  it('accepts what the list knows', () => {
    expect(schema.parse({ q: 'x', kind: 'b', sort: '-name' })).toEqual({
      q: 'x',
      kind: 'b',
      sort: '-name',
    });
  });

  it('drops what it does not know, so an old link still opens the list', () => {
    expect(schema.parse({ q: 'x'.repeat(201), kind: 'c', sort: 'secret' })).toEqual({
      q: undefined,
      kind: undefined,
      sort: undefined,
    });
    expect(schema.parse({ q: '   ' }).q).toBeUndefined();
  });

  it('reads and writes sort orders, leaving the default out of the address', () => {
    expect(readSort(undefined, fallback)).toEqual(fallback);
    expect(readSort('name', fallback)).toEqual({ by: 'name', desc: false });
    expect(readSort('-name', fallback)).toEqual({ by: 'name', desc: true });
    expect(writeSort({ by: 'createdAt', desc: true }, fallback)).toBeUndefined();
    expect(writeSort({ by: 'name', desc: true }, fallback)).toBe('-name');
  });

  it('flips a column clicked twice and starts another ascending', () => {
    expect(nextSort({ by: 'name', desc: false }, 'name')).toEqual({ by: 'name', desc: true });
    expect(nextSort({ by: 'name', desc: true }, 'createdAt')).toEqual({
      by: 'createdAt',
      desc: false,
    });
  });

  it('takes empty values out of the address', () => {
    expect(cleanSearch({ q: '', kind: 'a', list: [] })).toEqual({
      q: undefined,
      kind: 'a',
      list: undefined,
    });
  });
});

describe('sortRows', () => {
  it('sorts numbers by value, text as people read it, and keeps the input', () => {
    const rows = [
      { n: 10, s: 'item 10' },
      { n: 9, s: 'item 9' },
      { n: 100, s: 'Item 100' },
    ];
    expect(sortRows(rows, { by: 'n', desc: false }, (row, field) => row[field as 'n'])).toEqual([
      rows[1],
      rows[0],
      rows[2],
    ]);
    expect(
      sortRows(rows, { by: 's', desc: true }, (row, field) => row[field as 's']).map((r) => r.s),
    ).toEqual(['Item 100', 'item 10', 'item 9']);
    expect(rows[0]?.n).toBe(10);
  });
});
