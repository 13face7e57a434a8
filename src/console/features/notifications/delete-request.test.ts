import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { type DeleteValues, buildDelete, deleteEffect, deleteResolver } from './delete-request';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const blank: DeleteValues = {
  organizationId: 'org-1',
  documentId: '',
  locationId: '',
  userId: '',
  notificationIds: '',
};

describe('delete notifications form', () => {
  it('sends only the filters given, the IDs as a list', () => {
    expect(buildDelete({ ...blank, documentId: ' doc-1 ', notificationIds: 'a\n b \na' })).toEqual({
      request: { organizationId: 'org-1', documentId: 'doc-1', notificationIds: ['a', 'b'] },
    });
  });

  it('refuses the organization alone, as the contract does', async () => {
    const result = await deleteResolver(blank, undefined, options as never);
    expect(result.errors.root?.message).toMatch(/at least one of documentId/);
  });

  it('accepts each combination of the specification', async () => {
    const combinations: Partial<DeleteValues>[] = [
      { documentId: 'd' },
      { userId: 'u' },
      { documentId: 'd', userId: 'u' },
      { documentId: 'd', locationId: 'l' },
      { locationId: 'l', userId: 'u' },
      { documentId: 'd', locationId: 'l', userId: 'u', notificationIds: 'n1\nn2' },
    ];
    for (const combination of combinations) {
      const result = await deleteResolver(
        { ...blank, ...combination },
        undefined,
        options as never,
      );
      expect(result.errors).toEqual({});
    }
  });

  it('says whose notifications go', () => {
    expect(deleteEffect({ organizationId: 'o', documentId: 'd' })).toBe(
      'The notifications of document d are deleted for every recipient.',
    );
    expect(deleteEffect({ organizationId: 'o', userId: 'u' })).toMatch(/inbox of u/);
  });
});
