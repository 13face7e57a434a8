import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { listAgentExecutions } from '#contract/agents';
import { getDocuments } from '#contract/documents';
import { type Answer, unwrapSuccess } from '#contract/endpoint';
import { getOrganizations } from '#contract/organizations';
import { getAdvancedWebhookEndpoints } from '#contract/webhooks';
import {
  type Page,
  findInPages,
  mapPagedItems,
  nextToken,
  pageOf,
  pageParam,
  pagedItems,
  pagedQueryOptions,
} from './paged-query';

const organization = {
  id: 'org-1',
  organizationId: 'org-1',
  organizationName: 'Acme',
  disabled: false,
};
const document = {
  id: 'doc-1',
  documentId: 'doc-1',
  documentName: 'Plan',
  disabled: false,
  accessType: 'public',
};

type Listed = Answer<unknown[]>;
type Cursor = { items: unknown[]; nextCursor: string | null; hasMore: boolean };

describe('pageOf: the four paging styles of the contract, from the wire', () => {
  it('reads Get Documents’ result.pageToken', () => {
    const body = {
      result: { status: 'success', message: 'ok', data: [document], pageToken: 'doc-token' },
    };
    const page = pageOf.pageToken(unwrapSuccess(getDocuments, body) as Listed);
    expect(page).toEqual({ items: [document], next: 'doc-token' });
  });

  it('reads the nextPageToken beside data (Get Organizations), and its end', () => {
    const body = (nextPageToken?: string | null) => ({
      result: {
        status: 'success',
        message: 'ok',
        data: [organization],
        ...(nextPageToken === undefined ? {} : { nextPageToken }),
      },
    });
    expect(pageOf.pageToken(unwrapSuccess(getOrganizations, body('org-token')) as Listed)).toEqual({
      items: [organization],
      next: 'org-token',
    });
    expect(pageOf.pageToken(unwrapSuccess(getOrganizations, body(null)) as Listed).next).toBeNull();
    // The service leaves the token out of the last page (the hosted product's OpenAPI).
    expect(pageOf.pageToken(unwrapSuccess(getOrganizations, body()) as Listed).next).toBeNull();
  });

  it('reads List Agent Executions’ cursor, and stops when hasMore is false', () => {
    const body = (hasMore: boolean) => ({ result: { items: [], nextCursor: 'c-2', hasMore } });
    const more = unwrapSuccess(listAgentExecutions, body(true)).data as Cursor;
    const last = unwrapSuccess(listAgentExecutions, body(false)).data as Cursor;
    expect(pageOf.cursor(more)).toEqual({ items: [], next: 'c-2' });
    expect(pageOf.cursor(last).next).toBeNull();
  });

  it('reads the webhook lists’ iterator, and stops when done', () => {
    const body = (done: boolean) => ({
      result: {
        status: 'success',
        message: 'ok',
        data: { endpoints: [], iterator: 'it-2', prevIterator: null, done },
      },
    });
    const open = unwrapSuccess(getAdvancedWebhookEndpoints, body(false)).data as {
      endpoints: unknown[];
      iterator: string | null;
      done: boolean;
    };
    expect(pageOf.iterator(open.endpoints, open)).toEqual({ items: [], next: 'it-2' });
    const done = { ...open, done: true };
    expect(pageOf.iterator(done.endpoints, done).next).toBeNull();
  });

  it('treats an empty token as the end', () => {
    expect(pageOf.iterator([], { iterator: '', done: false }).next).toBeNull();
    expect(pageOf.pageToken({ data: [], message: '', pageToken: '' }).next).toBeNull();
  });
});

describe('pageParam and nextToken', () => {
  it('sends no token for the first page and the token after', () => {
    expect(pageParam('iterator', null)).toEqual({});
    expect(pageParam('cursor', 'c-1')).toEqual({ cursor: 'c-1' });
    expect(pageParam('pageToken', 'p-1')).toEqual({ pageToken: 'p-1' });
  });

  it('stops when a server answers the token it was given', () => {
    expect(nextToken({ items: [], next: 'a' }, null)).toBe('a');
    expect(nextToken({ items: [], next: 'a' }, 'a')).toBeUndefined();
    expect(nextToken({ items: [], next: null }, 'a')).toBeUndefined();
  });
});

/** A server of numbered items, `size` per page, whose tokens are the next item's number. */
function numbers(total: number, size: number) {
  const asked: (string | null)[] = [];
  const fetchPage = (token: string | null): Promise<Page<number>> => {
    asked.push(token);
    const start = token ? Number(token) : 0;
    const items = Array.from({ length: Math.min(size, total - start) }, (_, i) => start + i);
    const next = start + size < total ? String(start + size) : null;
    return Promise.resolve({ items, next });
  };
  return { fetchPage, asked };
}

describe('pagedQueryOptions', () => {
  it('loads page after page until the server says the end, items in order', async () => {
    const server = numbers(7, 3);
    const client = new QueryClient();
    const data = await client.infiniteQuery({
      ...pagedQueryOptions({ queryKey: ['numbers'], fetchPage: server.fetchPage }),
      pages: 10,
    });
    expect(server.asked).toEqual([null, '3', '6']);
    expect(pagedItems(data)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('changes loaded items in place', () => {
    const data = {
      pages: [
        { items: [1, 2], next: 'x' },
        { items: [3], next: null },
      ],
      pageParams: [null, 'x'],
    };
    const changed = mapPagedItems(data, (items) => items.filter((item) => item !== 2));
    expect(pagedItems(changed)).toEqual([1, 3]);
    expect(changed?.pageParams).toEqual([null, 'x']);
  });
});

describe('findInPages', () => {
  it('reads only as many pages as it needs', async () => {
    const server = numbers(100, 10);
    expect(await findInPages(server.fetchPage, (n) => n === 25)).toBe(25);
    expect(server.asked).toEqual([null, '10', '20']);
  });

  it('answers undefined at the end of the list or after the page limit', async () => {
    expect(await findInPages(numbers(5, 2).fetchPage, (n) => n === 99)).toBeUndefined();
    const endless = numbers(1_000, 1);
    expect(await findInPages(endless.fetchPage, (n) => n === 999, 3)).toBeUndefined();
    expect(endless.asked).toHaveLength(3);
  });
});
