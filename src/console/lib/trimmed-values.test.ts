import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { addOrganizationsRequest } from '../../contract/organizations';
import { trimStrings, trimmingValues } from './trimmed-values';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

describe('trimmingValues', () => {
  it('trims every string of the values, however deep', () => {
    expect(trimStrings({ a: ' x ', b: [{ c: ' y' }, 2], d: true, e: null })).toEqual({
      a: 'x',
      b: [{ c: 'y' }, 2],
      d: true,
      e: null,
    });
  });

  it('sends a pasted id with a space at its end trimmed, as the contract would refuse it', async () => {
    const values = { organizations: [{ organizationId: 'acme corp ', organizationName: 'Acme' }] };
    const plain = await zodResolver(addOrganizationsRequest)(values, undefined, options as never);
    expect(Object.keys(plain.errors)).toEqual(['organizations']);
    const trimmed = await trimmingValues(zodResolver(addOrganizationsRequest))(
      values,
      undefined,
      options as never,
    );
    expect(trimmed.errors).toEqual({});
    expect(trimmed.values).toEqual({
      organizations: [{ organizationId: 'acme corp', organizationName: 'Acme' }],
    });
  });
});
