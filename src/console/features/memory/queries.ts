import { queryOptions } from '@tanstack/react-query';
import {
  type Decision,
  type GetJudgmentsRequest,
  type Judgment,
  MAX_JUDGMENTS_PAGE_SIZE,
  type SuggestDecisionRequest,
  getJudgments,
  suggestDecision,
} from '#contract/memory';
import { call } from '../../lib/api';
import type { ApiKeyCredentials } from '../../lib/api-key';
import { keyQueryOptions } from '../../lib/key-query';
import { pageOf, pageParam, pagedQueryOptions } from '../../lib/paged-query';
import { type FoundJudgments, collectJudgments } from './supporting';

/** Judgments per page of the table; it asks for more as it scrolls. */
export const JUDGMENTS_PAGE = 50;
/**
 * How many pages of Get Judgments are read to find a suggestion's supporting judgments (which
 * cannot be asked for by ID): the newest 1,000 of the side and scope the suggestion drew on.
 */
export const SUPPORTING_PAGES = 10;
/** How many judgments that is. */
export const JUDGMENTS_PAGE_MAX_READ = SUPPORTING_PAGES * MAX_JUDGMENTS_PAGE_SIZE;

/** Where a suggestion's judgments were drawn from: its request's scope and its side. */
export interface SupportingScope {
  organizationId?: string | undefined;
  documentId?: string | undefined;
  decision: Decision;
}

/**
 * Query keys of the memory area, generic to specific. Each query calls with the key it is keyed
 * by: switching keys can never show one key's judgments as another's.
 */
export const memoryQueries = {
  all: () => ['memory'] as const,
  one: (apiKeyId: string) => [...memoryQueries.all(), apiKeyId] as const,
  /** Suggest Decision for one question: a read, so it is cached like any other. */
  suggestion: (apiKey: ApiKeyCredentials, request: SuggestDecisionRequest) =>
    keyQueryOptions(
      [...memoryQueries.one(apiKey.id), 'suggestion', request] as const,
      async (signal) => (await call(suggestDecision, request, { apiKey, signal })).data,
    ),
  /** The judgments the filters select, newest first, page by page. */
  list: (apiKey: ApiKeyCredentials, request: GetJudgmentsRequest) =>
    pagedQueryOptions({
      queryKey: [...memoryQueries.one(apiKey.id), 'list', request] as const,
      fetchPage: async (token, signal) =>
        pageOf.pageToken(
          await call(
            getJudgments,
            { ...request, pageSize: JUDGMENTS_PAGE, ...pageParam('pageToken', token) },
            { apiKey, signal },
          ),
        ),
    }),
  /**
   * A suggestion's supporting judgments by ID: Get Judgments filters by scope and decision but
   * not by ID, so its pages are read until every ID is found (or SUPPORTING_PAGES were read).
   */
  supporting: (apiKey: ApiKeyCredentials, scope: SupportingScope, ids: readonly string[]) =>
    queryOptions({
      ...keyQueryOptions(
        [...memoryQueries.one(apiKey.id), 'supporting', scope, ids] as const,
        (signal): Promise<FoundJudgments> =>
          collectJudgments(
            ids,
            async (token) =>
              pageOf.pageToken<Judgment>(
                await call(
                  getJudgments,
                  {
                    ...scope,
                    pageSize: MAX_JUDGMENTS_PAGE_SIZE,
                    ...pageParam('pageToken', token),
                  },
                  { apiKey, signal },
                ),
              ),
            SUPPORTING_PAGES,
          ),
      ),
      enabled: ids.length > 0,
    }),
};
