import { describe, expect, it } from 'vitest';
import { documentHref, folderHref, keyPageHref, organizationHref, userHref } from './palette-hrefs';

describe('palette addresses', () => {
  it('opens a key page, or asks for a key first', () => {
    expect(keyPageHref('ak_1')).toBe('/keys/ak_1');
    expect(keyPageHref('ak_1', 'documents')).toBe('/keys/ak_1/documents');
    expect(keyPageHref(undefined, 'documents')).toBe('/keys?next=documents');
    expect(keyPageHref(undefined)).toBe('/keys');
  });

  it('filters each page to the thing found', () => {
    expect(organizationHref('ak_1', 'acme')).toBe('/keys/ak_1/organizations?ids=acme');
    expect(folderHref('ak_1', 'acme', 'f1')).toBe('/keys/ak_1/folders?organization=acme&folder=f1');
    expect(documentHref('ak_1', 'acme', 'd1')).toBe(
      '/keys/ak_1/documents?organization=acme&ids=d1',
    );
    expect(userHref('ak_1', 'acme', 'u1')).toBe('/keys/ak_1/users?organization=acme&users=u1');
  });

  it('escapes IDs and keeps one that looks like a number a string', () => {
    expect(organizationHref('a/b', 'x y')).toBe('/keys/a%2Fb/organizations?ids=x+y');
    expect(organizationHref('ak_1', '123')).toBe('/keys/ak_1/organizations?ids=%22123%22');
  });
});
