import { describe, expect, it } from 'vitest';
import { createWorkspaceRequest } from '#contract/workspace-access';
import { fieldErrors, tidyValues, trimStrings } from './form-values';

describe('tidyValues', () => {
  it('trims what was typed and leaves blank optional fields out', () => {
    expect(
      tidyValues({ ownerEmail: ' ada@example.com ', name: '  ', avatar: '' }, ['name', 'avatar']),
    ).toEqual({ ownerEmail: 'ada@example.com', name: undefined, avatar: undefined });
  });

  it('keeps a blank required field, so that its own rule reports it', () => {
    expect(tidyValues({ ownerEmail: '  ' }, [])).toEqual({ ownerEmail: '' });
  });

  it('makes a form of blank optional fields pass the contract as "not given"', () => {
    const values = tidyValues(
      { ownerEmail: 'ada@example.com', name: '', workspaceName: ' ', avatar: '' },
      ['name', 'workspaceName', 'avatar'],
    );
    expect(createWorkspaceRequest.safeParse(values).success).toBe(true);
  });
});

describe('fieldErrors', () => {
  it('keeps the first message of each field, keyed by its name', () => {
    const result = createWorkspaceRequest.safeParse({
      ownerEmail: 'not-an-email',
      workspaceName: 'x'.repeat(201),
      avatar: 'ftp://example.com/a.png',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrors(result.error)).toEqual({
      ownerEmail: 'must be a valid e-mail address',
      workspaceName: 'must be at most 200 characters',
      avatar: 'must be a valid http(s) URL',
    });
  });
});

describe('trimStrings', () => {
  it('trims every string of the values, however deep', () => {
    expect(trimStrings({ a: ' x ', b: [{ c: ' y' }, 2], d: true, e: null })).toEqual({
      a: 'x',
      b: [{ c: 'y' }, 2],
      d: true,
      e: null,
    });
  });
});
