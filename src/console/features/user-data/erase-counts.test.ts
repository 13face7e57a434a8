import { describe, expect, it } from 'vitest';
import { deleteAllUserDataRequest } from '../../../contract/user-data';
import { eraseRequestOf, idsOf } from './erase-counts';

describe('the erase request', () => {
  it('reads IDs separated by spaces, commas and lines, each once', () => {
    expect(idsOf(' u-1, u-2\nu-1  u-3 ')).toEqual(['u-1', 'u-2', 'u-3']);
    expect(idsOf('  ')).toEqual([]);
  });

  it('leaves the organizations out when none is typed', () => {
    expect(eraseRequestOf({ userIds: 'u-1 u-2', organizationIds: '' })).toEqual({
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
