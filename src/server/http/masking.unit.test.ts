import { describe, expect, it } from 'vitest';
import { maskFields } from './masking';

describe('maskFields', () => {
  it('masks a field, and a field of every item of an array, leaving the rest as it was', () => {
    const answer = Object.freeze({
      apiKey: 'ak_1',
      authTokens: Object.freeze([
        Object.freeze({ name: 'Default Auth Token', token: 'akt_abcdef.123456' }),
      ]),
    });
    expect(maskFields(answer, ['authTokens[].token'])).toEqual({
      apiKey: 'ak_1',
      authTokens: [{ name: 'Default Auth Token', token: '••••3456' }],
    });
    // The answer itself (maybe a cached, shared value) is untouched.
    expect(answer.authTokens[0]?.token).toBe('akt_abcdef.123456');
    expect(maskFields({ endpointId: 'ep', secret: 'whsec_xyz9' }, ['secret'])).toEqual({
      endpointId: 'ep',
      secret: '••••xyz9',
    });
  });

  it('leaves an answer without the field, or with another shape, as it is', () => {
    expect(maskFields({ a: 1 }, ['secret', 'authTokens[].token'])).toEqual({ a: 1 });
    expect(maskFields(null, ['secret'])).toBeNull();
    expect(maskFields({ secret: 42 }, ['secret'])).toEqual({ secret: 42 });
  });
});
