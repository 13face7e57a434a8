import { describe, expect, it } from 'vitest';
import { domainsRequest, normaliseDomain } from './allowed-domains';

describe('normaliseDomain', () => {
  it.each([
    ['https://www.Example.com/path?q=1#top', 'example.com'],
    ['http://user:pass@shop.example.com:8443/', 'shop.example.com'],
    ['EXAMPLE.COM.', 'example.com'],
    ['  www.example.co.uk  ', 'example.co.uk'],
    ['https://*.firebase.com', '*.firebase.com'],
    ['*.www.example.com', '*.www.example.com'],
    ['localhost:3000', 'localhost'],
    ['http://127.0.0.1:8080/app', '127.0.0.1'],
    ['www.com', 'www.com'],
    ['https://bücher.example', 'xn--bcher-kva.example'],
    ['app-1.example.com', 'app-1.example.com'],
  ])('%s → %s', (entry, domain) => {
    expect(normaliseDomain(entry)).toBe(domain);
  });

  it.each([
    '',
    '   ',
    'https://',
    'exa mple.com',
    'exa\tmple.com',
    '*.com',
    'foo.*.example.com',
    '**.example.com',
    '-bad.example.com',
    'under_score.example.com',
    `${'a'.repeat(64)}.example.com`,
    `${'abc.'.repeat(64)}com`,
    '[::1]:3000',
  ])('refuses %j', (entry) => {
    expect(normaliseDomain(entry)).toBeUndefined();
  });
});

describe('domainsRequest', () => {
  it('answers the bare domains in the order given', () => {
    expect(domainsRequest.parse({ domains: ['https://www.google.com', '*.firebase.com'] })).toEqual(
      { domains: ['google.com', '*.firebase.com'] },
    );
  });

  it('refuses an invalid entry naming it, an empty list and more than 100', () => {
    const issue = (data: unknown) => domainsRequest.safeParse(data).error?.issues[0];
    expect(issue({ domains: ['example.com', 'not a domain'] })).toMatchObject({
      path: ['domains', 1],
      message: 'must be a domain such as example.com or *.example.com, not "not a domain"',
    });
    expect(issue({ domains: [] })?.message).toBe('must not be empty');
    expect(issue({ domains: Array.from({ length: 101 }, (_, i) => `d${i}.com`) })?.message).toBe(
      'must have at most 100 items',
    );
  });
});
