import { describe, expect, it } from 'vitest';
import { domainEntries, splitEntries } from './domain-entries';

describe('the allowed-domains preview', () => {
  it('splits on lines and commas and shows what each entry is stored as', () => {
    expect(splitEntries(' a.com,\n\n b.com , ')).toEqual(['a.com', 'b.com']);
    expect(
      domainEntries('https://www.Example.com/path\nexa mple.org, example.com\nvelt.dev:8080', [
        'velt.dev',
      ]),
    ).toEqual([
      { entry: 'https://www.Example.com/path', domain: 'example.com', repeated: undefined },
      { entry: 'exa mple.org', domain: undefined, repeated: undefined },
      { entry: 'example.com', domain: 'example.com', repeated: 'given' },
      { entry: 'velt.dev:8080', domain: 'velt.dev', repeated: 'allowed' },
    ]);
  });
});
