import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addOrganizationsRequest } from '#contract/organizations';
import { contractResolver } from './contract-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;

describe('contractResolver', () => {
  it('sends a pasted id with a space at its end trimmed, as the contract would refuse it', async () => {
    const values = { organizations: [{ organizationId: 'acme corp ', organizationName: 'Acme' }] };
    const plain = addOrganizationsRequest.safeParse(values);
    expect(plain.error?.issues.map((issue) => issue.path[0])).toEqual(['organizations']);
    const trimmed = await contractResolver(addOrganizationsRequest)(values, undefined, options);
    expect(trimmed.errors).toEqual({});
    expect(trimmed.values).toEqual({
      organizations: [{ organizationId: 'acme corp', organizationName: 'Acme' }],
    });
  });

  const request = z
    .object({ name: z.string().min(1), data: z.object({ size: z.number().max(3) }) })
    .refine((v) => v.name !== 'nobody', { message: 'names nobody' });
  type Values = { name: string; data: string };
  const build = (values: Values) => {
    try {
      return { request: { name: values.name, data: JSON.parse(values.data) as unknown } };
    } catch {
      return { problems: { data: 'is not valid JSON' } };
    }
  };
  const fieldOf = (path: readonly PropertyKey[]) =>
    typeof path[0] === 'string' ? path[0] : undefined;

  it('shows what stops the request being made on its field, before the contract', async () => {
    const result = await contractResolver(request, { build, fieldOf })(
      { name: '', data: '{' },
      undefined,
      options as never,
    );
    expect(result.errors).toEqual({ data: { type: 'format', message: 'is not valid JSON' } });
  });

  it('puts each issue on its field, the first one only, and a whole-request rule on root', async () => {
    const resolve = contractResolver(request, { build, fieldOf, namesInnerKey: true });
    const result = await resolve({ name: '', data: '{"size": 4}' }, undefined, options as never);
    expect(result.errors.name?.message).toMatch(/>=1 characters/);
    expect(result.errors.data?.message).toMatch(/^size: .*<=3/);
    const whole = await resolve(
      { name: 'nobody', data: '{"size": 1}' },
      undefined,
      options as never,
    );
    expect(whole.errors.root?.message).toBe('names nobody');
  });

  it('puts a rule of a whole list of rows beside the list, as react-hook-form reads it', async () => {
    const rows = z.object({ rows: z.array(z.string()).refine(() => false, 'are wrong') });
    const result = await contractResolver(rows)({ rows: ['a'] }, undefined, {
      ...options,
      names: ['rows.0'],
    });
    expect(result.errors).toEqual({ rows: { root: { type: 'custom', message: 'are wrong' } } });
  });
});
