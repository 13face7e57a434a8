import { describe, expect, it } from 'vitest';
import { deleteAllUserDataRequest } from '#contract/user-data';
import { eraseRequestOf } from './erase-counts';

describe('the erase request', () => {
  it('reads one ID a line, each once: a space or a comma is part of an ID', () => {
    expect(
      eraseRequestOf({ userIds: ' ann lee\nu-1, u-2\n\nann lee ', organizationIds: '' }),
    ).toEqual({
      userIds: ['ann lee', 'u-1, u-2'],
    });
  });

  it('leaves the organizations out when none is typed', () => {
    expect(eraseRequestOf({ userIds: 'u-1\nu-2', organizationIds: '' })).toEqual({
      userIds: ['u-1', 'u-2'],
    });
    expect(eraseRequestOf({ userIds: 'u-1', organizationIds: 'org-1' })).toEqual({
      userIds: ['u-1'],
      organizationIds: ['org-1'],
    });
  });

  it('is refused by the contract without a user', () => {
    const parsed = deleteAllUserDataRequest.safeParse(
      eraseRequestOf({ userIds: '', organizationIds: '' }),
    );
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['userIds']);
  });
});
