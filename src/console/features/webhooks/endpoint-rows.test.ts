import { describe, expect, it } from 'vitest';
import type { AdvancedWebhookEndpoint } from '#contract/webhooks';
import { readSort } from '../../lib/list-sort';
import { endpointRows } from './endpoint-rows';
import {
  defaultEndpointSort,
  endpointsSearchSchema,
  messagesSearchSchema,
} from './endpoints-search';

function endpoint(id: string, patch: Partial<AdvancedWebhookEndpoint>): AdvancedWebhookEndpoint {
  return {
    id,
    url: `https://example.com/${id}`,
    description: '',
    filterTypes: null,
    channels: null,
    disabled: false,
    rateLimit: null,
    uid: null,
    metadata: {},
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...patch,
  };
}

const all = [
  endpoint('ep_b', { description: 'Payments', createdAt: '2026-01-02T00:00:00.000Z' }),
  endpoint('ep_a', { disabled: true, uid: 'ledger', createdAt: '2026-01-03T00:00:00.000Z' }),
  endpoint('ep_c', { url: 'https://hooks.example.org/PAY', createdAt: '2026-01-01T00:00:00.000Z' }),
];
const ids = (rows: AdvancedWebhookEndpoint[]) => rows.map((row) => row.id);

describe('endpointsSearchSchema', () => {
  it('keeps valid filters and drops what it does not know, instead of failing the page', () => {
    expect(endpointsSearchSchema.parse({ q: ' pay ', status: 'disabled', sort: '-url' })).toEqual({
      q: 'pay',
      status: 'disabled',
      sort: '-url',
    });
    expect(endpointsSearchSchema.parse({ q: '', status: 'maybe', sort: '-password' })).toEqual({
      q: undefined,
      status: undefined,
      sort: undefined,
    });
    expect(messagesSearchSchema.parse({ status: 'failed', message: 42 })).toEqual({
      status: 'failed',
      message: undefined,
    });
  });
});

describe('endpointRows', () => {
  it('shows them in creation order by default', () => {
    expect(ids(endpointRows(all, {}, defaultEndpointSort))).toEqual(['ep_c', 'ep_b', 'ep_a']);
  });

  it('filters by text in the URL, description or UID, and by status', () => {
    expect(ids(endpointRows(all, { q: 'pay' }, defaultEndpointSort))).toEqual(['ep_c', 'ep_b']);
    expect(ids(endpointRows(all, { q: 'LEDGER' }, defaultEndpointSort))).toEqual(['ep_a']);
    expect(ids(endpointRows(all, { status: 'enabled' }, defaultEndpointSort))).toEqual([
      'ep_c',
      'ep_b',
    ]);
  });

  it('sorts by the column in the address, either way', () => {
    const byUrlDesc = readSort('-url', defaultEndpointSort);
    expect(ids(endpointRows(all, {}, byUrlDesc))).toEqual(['ep_c', 'ep_b', 'ep_a']);
    const byStatus = readSort('status', defaultEndpointSort);
    expect(ids(endpointRows(all, {}, byStatus)).at(-1)).toBe('ep_a');
  });
});
