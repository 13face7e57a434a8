import { describe, expect, it } from 'vitest';
import { type ApiKeyConfig, updateApiKeyConfigRequest } from '#contract/api-keys';
import { changedConfig, configFieldOf, configValues, mergeEcho } from './config-values';

const saved: ApiKeyConfig = {
  ownerEmail: 'ada@example.com',
  planInfo: { type: 'free' },
  defaultDocumentAccessType: 'public',
  isPrivateCommentsEnabled: false,
  requireJwtToken: false,
  requireAutoOrgUser: true,
  aiModelsConfig: { openai: { displayText: 'sk-…abcd' } },
};

describe('changedConfig', () => {
  it('sends nothing for the saved values, which the contract then refuses', () => {
    const request = changedConfig(configValues(saved), saved);
    expect(request).toEqual({});
    expect(updateApiKeyConfigRequest.safeParse(request).success).toBe(false);
  });

  it('sends only the fields that differ from what is saved', () => {
    const values = { ...configValues(saved), requireJwtToken: true, requireAutoOrgUser: false };
    expect(changedConfig(values, saved)).toEqual({
      requireJwtToken: true,
      requireAutoOrgUser: false,
    });
  });

  it('sends the filled AI key rows, and skips the blank ones', () => {
    const values = {
      ...configValues(saved),
      aiKeys: [
        { provider: 'openai', customerApiKey: 'sk-1' },
        { provider: '', customerApiKey: '' },
        { provider: 'gemini', customerApiKey: 'g-2' },
      ],
    };
    expect(changedConfig(values, saved).aiModelApiKey).toEqual([
      { provider: 'openai', customerApiKey: 'sk-1' },
      { provider: 'gemini', customerApiKey: 'g-2' },
    ]);
  });
});

describe('configFieldOf', () => {
  it('puts an issue of a sent AI key back on its row on screen, blank rows counted', () => {
    const values = {
      ...configValues(saved),
      aiKeys: [
        { provider: '', customerApiKey: '' },
        { provider: 'Open AI', customerApiKey: 'x' },
      ],
    };
    const parsed = updateApiKeyConfigRequest.safeParse(changedConfig(values, saved));
    expect(parsed.success).toBe(false);
    const path = parsed.error?.issues[0]?.path ?? [];
    expect(configFieldOf(values)(path)).toBe('aiKeys.1.provider');
    expect(configFieldOf(values)(['aiModelApiKey', 0, 'customerApiKey'])).toBe(
      'aiKeys.1.customerApiKey',
    );
  });
});

describe('mergeEcho', () => {
  it('takes the echoed post-write values and keeps the rest, stored AI keys merged', () => {
    expect(
      mergeEcho(saved, {
        enablePrivateComments: true,
        aiModelsConfig: { gemini: { displayText: 'g-…0002' } },
      }),
    ).toEqual({
      ...saved,
      isPrivateCommentsEnabled: true,
      aiModelsConfig: {
        openai: { displayText: 'sk-…abcd' },
        gemini: { displayText: 'g-…0002' },
      },
    });
  });
});
