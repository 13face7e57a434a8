import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonBytes } from './json-bytes';

/** Strings of any code points, lone surrogates included, as callers can send them. */
const anyText = fc.string({ unit: 'binary' });
const anyJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    anyText,
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value')),
    fc.dictionary(anyText, tie('value')),
  ),
})).value;

describe('jsonBytes', () => {
  it('is JSON.stringify encoded as UTF-8, for any value', () => {
    fc.assert(
      fc.property(anyJson, (value) => {
        expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps keys and their order, dates, omitted fields and prototype-named keys', () => {
    const value = {
      'clé 🔑': ['👍', 'é', 'plain', '中文', '\u0000\u001f"\\'],
      at: new Date('2026-11-26T00:00:00.000Z'),
      gone: undefined,
      nested: JSON.parse('{"__proto__": {"x": "ж"}, "constructor": "é"}') as unknown,
      last: 1,
    };
    expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));
  });

  it('writes a lone surrogate as JSON.stringify does, as an escape', () => {
    const value = { text: 'a\ud800b 👍' };
    expect(jsonBytes(value).toString('utf8')).toBe(JSON.stringify(value));
    expect(jsonBytes(value).toString('utf8')).toContain('\\ud800');
  });

  it('leaves ASCII JSON as it is, byte for byte', () => {
    const ascii = { list: [{ a: 'b' }] };
    expect(jsonBytes(ascii).toString('latin1')).toBe(JSON.stringify(ascii));
  });
});
