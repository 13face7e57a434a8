import { describe, expect, it } from 'vitest';
import { createWebhookEndpointRequest, type AdvancedWebhookEndpoint } from '#contract/webhooks';
import {
  createRequest,
  emptyEndpointValues,
  endpointValues,
  metadataRowProblems,
  updateRequest,
} from './endpoint-values';

const saved: AdvancedWebhookEndpoint = {
  id: 'ep_1',
  url: 'https://example.com/hooks',
  description: 'Orders',
  filterTypes: ['comment.add'],
  channels: null,
  disabled: false,
  rateLimit: 5,
  uid: null,
  metadata: { team: 'billing' },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('createRequest', () => {
  it('leaves out what was not given, and sends a chosen empty list for the schema to refuse', () => {
    const request = createRequest({
      ...emptyEndpointValues,
      url: ' https://example.com/a ',
      filterTypesMode: 'some',
      filterTypes: ' ',
      rateLimit: '0',
      metadata: [{ key: '', value: '' }],
    });
    expect(request).toEqual({ url: 'https://example.com/a', filterTypes: [], rateLimit: 0 });
    const issues = createWebhookEndpointRequest.safeParse(request).error?.issues ?? [];
    expect(issues.map((issue) => issue.path[0])).toEqual(['filterTypes', 'rateLimit']);
  });
});

describe('channels', () => {
  it('are organization ids, one a line: a space or a comma stays part of one', () => {
    const request = createRequest({
      ...emptyEndpointValues,
      url: 'https://example.com/a',
      channelsMode: 'some',
      channels: 'acme corp\n a,b \n\nacme corp',
    });
    expect(request.channels).toEqual(['acme corp', 'a,b']);
    const stored = { ...saved, channels: ['acme corp', 'a,b'] };
    expect(updateRequest(endpointValues(stored), stored)).toEqual({ endpointId: 'ep_1' });
  });
});

describe('updateRequest', () => {
  it('sends nothing but the ID when nothing changed', () => {
    expect(updateRequest(endpointValues(saved), saved)).toEqual({ endpointId: 'ep_1' });
  });

  it('sends only the changed fields, with null for a filter or limit returned to "all"', () => {
    const values = {
      ...endpointValues(saved),
      filterTypesMode: 'all' as const,
      rateLimit: '',
      metadata: [{ key: 'team', value: 'payments' }],
    };
    expect(updateRequest(values, saved)).toEqual({
      endpointId: 'ep_1',
      filterTypes: null,
      rateLimit: null,
      metadata: { team: 'payments' },
    });
  });
});

describe('metadataRowProblems', () => {
  it('wants a name for every value, and each name once', () => {
    expect(
      metadataRowProblems([
        { key: 'a', value: '1' },
        { key: ' ', value: '2' },
        { key: 'a', value: '3' },
        { key: '', value: '' },
      ]),
    ).toEqual({
      'metadata.1.key': 'Name must not be empty.',
      'metadata.2.key': 'Name a is used twice.',
    });
  });
});
