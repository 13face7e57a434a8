import { type InfiniteData, type QueryKey, infiniteQueryOptions } from '@tanstack/react-query';
import type { Answer } from '#contract/endpoint';

/** One page of a list, whatever the endpoint's paging style: its items and how to ask for more. */
export interface Page<Item> {
  items: Item[];
  /** The token to send for the next page; null at the end. */
  next: string | null;
}

/** What an infinite query over Pages holds; page params are the tokens sent (null: the first). */
export type PagedData<Item> = InfiniteData<Page<Item>, string | null>;

/**
 * The contract's four paging styles, each turned into a Page. The answer's side: what tells the
 * next page. The request's side: `pageParam(field, token)`.
 */
export const pageOf = {
  /**
   * Envelope A with a page field: Get Documents' `result.pageToken`, and the `nextPageToken` beside
   * `data` of Get Users, Organizations, Notifications and Activity Logs. `call` answers both as
   * `pageToken`; either is sent back as the request's `pageToken`.
   */
  pageToken<Item>(answer: Answer<Item[]>): Page<Item> {
    return { items: answer.data, next: answer.pageToken || null };
  },
  /** List Agent Executions' `{ items, nextCursor, hasMore }`; sent back as `cursor`. */
  cursor<Item>(data: { items: Item[]; nextCursor: string | null; hasMore: boolean }): Page<Item> {
    return { items: data.items, next: data.hasMore ? data.nextCursor || null : null };
  },
  /** The webhook lists' `{ <items>, iterator, done }`; sent back as `iterator`. */
  iterator<Item>(items: Item[], data: { iterator: string | null; done: boolean }): Page<Item> {
    return { items, next: data.done ? null : data.iterator || null };
  },
};

/**
 * The request field that asks for a page: nothing for the first page, `{ [field]: token }` after,
 * since the contract refuses an empty token.
 */
export function pageParam<Field extends 'pageToken' | 'cursor' | 'iterator'>(
  field: Field,
  token: string | null,
): Partial<Record<Field, string>> {
  return token ? ({ [field]: token } as Record<Field, string>) : {};
}

/**
 * The next page's token, unless the server answered the token it was just given: a server that
 * never moves on must not keep an infinite list loading forever.
 */
export function nextToken(last: Page<unknown>, lastToken: string | null): string | undefined {
  return last.next && last.next !== lastToken ? last.next : undefined;
}

export interface PagedQuery<Item, Key extends QueryKey> {
  queryKey: Key;
  /** One page: the first when `token` is null. */
  fetchPage: (token: string | null, signal: AbortSignal) => Promise<Page<Item>>;
  staleTime?: number;
  /** How often to ask again, from what is loaded (e.g. while something is still running). */
  refetchInterval?: (data: PagedData<Item> | undefined) => number | false;
}

/**
 * An infinite query over any of the paging styles: `fetchPage` adapts the endpoint with `pageOf`,
 * and the list grows with `fetchNextPage` (the data table asks as it scrolls).
 */
export function pagedQueryOptions<Item, Key extends QueryKey>({
  queryKey,
  fetchPage,
  staleTime,
  refetchInterval,
}: PagedQuery<Item, Key>) {
  return infiniteQueryOptions<Page<Item>, Error, PagedData<Item>, Key, string | null>({
    queryKey,
    queryFn: ({ pageParam: token, signal }) => fetchPage(token, signal),
    initialPageParam: null,
    getNextPageParam: (last, _pages, lastToken) => nextToken(last, lastToken),
    // Left out rather than undefined, which would override the client's defaults.
    ...(staleTime === undefined ? {} : { staleTime }),
    ...(refetchInterval
      ? {
          refetchInterval: (query: { state: { data: PagedData<Item> | undefined } }) =>
            refetchInterval(query.state.data),
        }
      : {}),
  });
}

/** Every loaded item, in order. */
export function pagedItems<Item>(data: InfiniteData<Page<Item>> | undefined): Item[] {
  return data?.pages.flatMap((page) => page.items) ?? [];
}

/** The loaded pages with `change` applied to their items: an edit or a removal in place. */
export function mapPagedItems<Item, Token>(
  data: InfiniteData<Page<Item>, Token> | undefined,
  change: (items: Item[]) => Item[],
): InfiniteData<Page<Item>, Token> | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: change(page.items) })) };
}

/**
 * Looks for one item page by page, for endpoints that can list but not get one item (Get Advanced
 * Webhook Endpoints). Stops at the end of the list or after `maxPages`; undefined when not found.
 */
export async function findInPages<Item>(
  fetchPage: (token: string | null) => Promise<Page<Item>>,
  matches: (item: Item) => boolean,
  maxPages = 50,
): Promise<Item | undefined> {
  let token: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const current: Page<Item> = await fetchPage(token);
    const found = current.items.find(matches);
    if (found !== undefined) return found;
    const next = nextToken(current, token);
    if (!next) return undefined;
    token = next;
  }
  return undefined;
}
