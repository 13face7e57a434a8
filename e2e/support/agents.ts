import { type APIRequestContext, expect } from '@playwright/test';
import { apiKeyCredentials, post } from './service';
import type { Credentials } from './webhooks';
import { addAgentExecutions, listAgentExecutions } from '#contract/agents';
import { getApiKeyCounts } from '#contract/api-key-counts';
import { addOrganizations } from '#contract/organizations';

/** Agent executions recorded and read through the service, for the executions page's flows. */

export interface ExecutionRecord {
  id: string;
  agentId: string;
  agentName: string;
  agentVersion: number;
  status: 'running' | 'passed' | 'failed' | 'error' | 'skipped';
  message: string;
  startedAt: number;
  completedAt?: number | null;
  durationMs?: number | null;
  trigger: string;
  organizationId?: string;
  documentId?: string;
  llmModel?: string;
  tokenUsage?: { input: number; output: number };
  resultsSummary?: {
    severityCounts: Record<string, number>;
    findings: Record<string, unknown>[];
  };
  error?: { code: string; message: string; retryable: boolean };
}

/** Most executions one Add Agent Executions call takes. */
const PER_CALL = 1000;

/** Records executions with Add Agent Executions, 1,000 a call; every one must be accepted. */
export async function addExecutions(
  request: APIRequestContext,
  credentials: Credentials,
  executions: readonly ExecutionRecord[],
): Promise<void> {
  const headers = apiKeyCredentials(credentials.apiKey, credentials.token);
  for (let start = 0; start < executions.length; start += PER_CALL) {
    const batch = executions.slice(start, start + PER_CALL);
    const answer = await post(request, addAgentExecutions, { executions: batch }, headers);
    expect(answer.httpStatus, answer.message).toBe(200);
    const refused = Object.entries(answer.data).filter(([, outcome]) => !outcome.success);
    expect(refused, 'executions refused').toEqual([]);
  }
}

interface ListAnswer {
  items: ExecutionRecord[];
  nextCursor: string | null;
  hasMore: boolean;
}

/** Every execution the service lists under a filter, newest first, through its cursor pages. */
export async function listedExecutions(
  request: APIRequestContext,
  credentials: Credentials,
  filter: Record<string, string> = {},
): Promise<ExecutionRecord[]> {
  const headers = apiKeyCredentials(credentials.apiKey, credentials.token);
  const all: ExecutionRecord[] = [];
  let cursor: string | null = null;
  for (;;) {
    const answer = await post(
      request,
      listAgentExecutions,
      { ...filter, pageSize: 500, ...(cursor ? { cursor } : {}) },
      headers,
    );
    expect(answer.httpStatus).toBe(200);
    const result: ListAnswer = answer.data;
    all.push(...result.items);
    if (!result.hasMore || !result.nextCursor) return all;
    cursor = result.nextCursor;
  }
}

/** How many executions of the key are running, as Get API Key Counts answers. */
export async function runningCount(
  request: APIRequestContext,
  credentials: Credentials,
): Promise<number> {
  const answer = await post(
    request,
    getApiKeyCounts,
    {},
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  expect(answer.httpStatus, answer.message).toBe(200);
  return answer.data.runningExecutions;
}

/** `count` finished executions of one organization, a second apart, the newest `newest` ms ago. */
export function manyExecutions(
  organizationId: string,
  count: number,
  newest = Date.now() - 60_000,
): ExecutionRecord[] {
  const statuses = ['passed', 'skipped'] as const;
  return Array.from({ length: count }, (_, i) => {
    const startedAt = newest - i * 1000;
    const durationMs = 500 + (i % 7) * 1300;
    return {
      id: `bulk-${i}`,
      agentId: 'bulk-agent',
      agentName: 'Bulk agent',
      agentVersion: 1,
      status: statuses[i % 2] ?? 'passed',
      message: `Run ${i}`,
      startedAt,
      completedAt: startedAt + durationMs,
      durationMs,
      trigger: 'standalone',
      organizationId,
    };
  });
}

/** Frame times of a scroll, as the spec prints them. */
export function frameStats(frames: readonly number[]) {
  const sorted = [...frames].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return {
    frames: frames.length,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1) ?? 0,
    over50: frames.filter((frame) => frame > 50).length,
    over100: frames.filter((frame) => frame > 100).length,
  };
}

/** An organization for executions to belong to, so that the page's picker offers it. */
export async function addOrganization(
  request: APIRequestContext,
  credentials: Credentials,
  organizationId: string,
  organizationName: string,
): Promise<void> {
  const answer = await post(
    request,
    addOrganizations,
    { organizations: [{ organizationId, organizationName }] },
    apiKeyCredentials(credentials.apiKey, credentials.token),
  );
  expect(answer.httpStatus, answer.message).toBe(200);
  expect(answer.data[organizationId]?.success, answer.data[organizationId]?.message).toBe(true);
}
