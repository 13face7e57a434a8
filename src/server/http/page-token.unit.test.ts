import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Secrets } from '../crypto/secrets';
import { PageTokens } from './page-token';

const secrets = Secrets.forMasterKey(randomBytes(32));
const tokens = new PageTokens(secrets, {
  name: 'documents',
  field: 'data.pageToken',
  position: z.tuple([z.number(), z.string()]),
});
const query = { apiKeyId: 'ak_1', organizationId: 'org-1', folderId: null };
const refused = 'data.pageToken is not valid for this list and filters; start again without it.';

describe('PageTokens', () => {
  it('gives back the position of a token made for the same query', () => {
    const token = tokens.encode(query, [1700000000000, 'doc-9']);
    expect(token).toMatch(/^pt_[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(tokens.decode(query, token)).toEqual([1700000000000, 'doc-9']);
    expect(tokens.decode(query, undefined)).toBeUndefined();
  });

  it('refuses a token of other filters, another tenant, another list, or an edited one', () => {
    const token = tokens.encode(query, [1, 'doc-1']);
    expect(() => tokens.decode({ ...query, folderId: 'f-1' }, token)).toThrow(refused);
    expect(() => tokens.decode({ ...query, apiKeyId: 'ak_2' }, token)).toThrow(refused);
    const users = new PageTokens(secrets, {
      name: 'users',
      field: 'data.pageToken',
      position: z.tuple([z.number(), z.string()]),
    });
    expect(() => users.decode(query, token)).toThrow(refused);
    const [body = '', signature = ''] = token.slice(3).split('.');
    const edited = Buffer.from(JSON.stringify([2, 'doc-1'])).toString('base64url');
    expect(edited).not.toBe(body);
    expect(() => tokens.decode(query, `pt_${edited}.${signature}`)).toThrow(refused);
    for (const junk of ['', 'pt_', 'pt_x.y', 'garbage', `pt_${body}`]) {
      expect(() => tokens.decode(query, junk)).toThrow(refused);
    }
  });

  it('refuses a well-signed position of the wrong shape', () => {
    const loose = new PageTokens(secrets, {
      name: 'documents',
      field: 'data.pageToken',
      position: z.unknown(),
    });
    const token = loose.encode(query, { not: 'a tuple' });
    expect(() => tokens.decode(query, token)).toThrow(refused);
  });
});
