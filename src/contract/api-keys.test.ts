import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { updateApiKeyConfigRequest, updatePermissionProviderConfigRequest } from './api-keys';

function issues(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return (result.error?.issues ?? []).map((i) => ({
    code: i.code,
    path: i.path.join('.'),
    message: i.message,
  }));
}

describe('Update API Key Config', () => {
  it('needs at least one field, with the specification sentence', () => {
    for (const input of [undefined, {}]) {
      expect(issues(updateApiKeyConfigRequest, input)).toEqual([
        {
          code: 'custom',
          path: '',
          message: 'At least one field must be provided for update',
        },
      ]);
    }
  });

  it('rejects unknown fields, also beside known ones', () => {
    for (const input of [{ enablePrivateComment: true }, { requireJwtToken: true, plan: 'paid' }]) {
      const found = issues(updateApiKeyConfigRequest, input);
      expect(found.map((i) => i.code)).toContain('unrecognized_keys');
    }
  });

  it('accepts each field alone', () => {
    for (const input of [
      { enablePrivateComments: false },
      { requireJwtToken: true },
      { requireAutoOrgUser: false },
      { defaultDocumentAccessType: 'public' },
      { defaultDocumentAccessType: 'restricted' },
      { defaultDocumentAccessType: 'organizationPrivate' },
      { aiModelApiKey: [{ provider: 'gemini', customerApiKey: 'g-1' }] },
    ]) {
      expect(issues(updateApiKeyConfigRequest, input)).toEqual([]);
    }
  });

  it('takes several providers in one call, but each once', () => {
    const two = [
      { provider: 'openai', customerApiKey: 'sk-1' },
      { provider: 'anthropic', customerApiKey: 'sk-ant-1' },
    ];
    expect(issues(updateApiKeyConfigRequest, { aiModelApiKey: two })).toEqual([]);
    const twice = [two[0], { provider: 'openai', customerApiKey: 'sk-2' }];
    expect(issues(updateApiKeyConfigRequest, { aiModelApiKey: twice })[0]?.path).toBe(
      'aiModelApiKey.1',
    );
  });

  it('rejects an empty aiModelApiKey and entries without a key', () => {
    expect(issues(updateApiKeyConfigRequest, { aiModelApiKey: [] })[0]?.path).toBe('aiModelApiKey');
    expect(
      issues(updateApiKeyConfigRequest, { aiModelApiKey: [{ provider: 'openai' }] })[0]?.path,
    ).toBe('aiModelApiKey.0.customerApiKey');
    expect(
      issues(updateApiKeyConfigRequest, {
        aiModelApiKey: [{ provider: 'openai', customerApiKey: '   ' }],
      })[0]?.path,
    ).toBe('aiModelApiKey.0.customerApiKey');
  });
});

describe('Update Permission Provider Config', () => {
  it('needs at least one field', () => {
    expect(issues(updatePermissionProviderConfigRequest, {})[0]?.message).toBe(
      'At least one field must be provided for update',
    );
    expect(
      issues(updatePermissionProviderConfigRequest, { permissionProviderConfig: {} })[0]?.path,
    ).toBe('permissionProviderConfig');
  });

  it('takes an https provider URL only', () => {
    const withUrl = (permissionProviderUrl: string) => ({
      permissionProviderConfig: { permissionProviderUrl },
    });
    expect(issues(updatePermissionProviderConfigRequest, withUrl('https://p.example.com'))).toEqual(
      [],
    );
    for (const url of ['http://p.example.com', 'ftp://p.example.com', 'p.example.com']) {
      expect(issues(updatePermissionProviderConfigRequest, withUrl(url))[0]?.message).toBe(
        'must be a valid https URL',
      );
    }
  });
});
