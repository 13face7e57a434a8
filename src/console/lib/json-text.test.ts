import { describe, expect, it } from 'vitest';
import { jsonText, looseValueText, readJson, readLooseValue } from './json-text';

describe('readJson', () => {
  it('reads blank as not given', () => {
    expect(readJson('  ')).toEqual({ ok: true, value: undefined });
  });
  it('reads JSON, and says why text is not JSON', () => {
    expect(readJson('{"a": [1]}')).toEqual({ ok: true, value: { a: [1] } });
    const bad = readJson('{a: 1}');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.message).toMatch(/^is not valid JSON/);
  });
  it('asks an object field for an object', () => {
    expect(readJson('[1]', 'object').ok).toBe(false);
    expect(readJson('null', 'object').ok).toBe(false);
    expect(readJson('{}', 'object')).toEqual({ ok: true, value: {} });
  });
});

describe('loose values', () => {
  it('reads JSON as its value and other text as text', () => {
    expect(readLooseValue('12')).toBe(12);
    expect(readLooseValue('in review')).toBe('in review');
    expect(readLooseValue('{"a":1}')).toEqual({ a: 1 });
    expect(readLooseValue('')).toBe('');
  });
  it('writes each value so that it reads back the same', () => {
    for (const value of ['in review', '12', 'true', '"q"', 12, null, { a: [1] }, '']) {
      expect(readLooseValue(looseValueText(value))).toEqual(value);
    }
  });
  it('pretty-prints JSON fields, blank for none', () => {
    expect(jsonText(null)).toBe('');
    expect(jsonText({ a: 1 })).toBe('{\n  "a": 1\n}');
  });
});
