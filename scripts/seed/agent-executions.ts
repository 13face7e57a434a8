import type { z } from 'zod';
import { type listAgentExecutions, type newAgentExecutionSchema } from '#contract/agents';
import { type Random, randomSource } from './names';

type NewExecution = z.input<typeof newAgentExecutionSchema>;
type ListPage = z.output<(typeof listAgentExecutions)['data']>;

/** Executions of one organization at scale 1, the last few of them still running. */
const PER_ORGANIZATION = 60;
const RUNNING_PER_ORGANIZATION = 3;
/** The history spans the two weeks before the first seed. */
const HISTORY_MS = 14 * 24 * 3600 * 1000;
/** Running executions finish this long after the first seed. */
export const COMPLETE_AFTER_MS = 60_000;

const AGENTS = [
  { agentId: 'contract-reviewer', agentName: 'Contract reviewer', agentVersion: 3 },
  { agentId: 'style-checker', agentName: 'Style checker', agentVersion: 7 },
  { agentId: 'compliance-scanner', agentName: 'Compliance scanner', agentVersion: 2 },
] as const;
const TRIGGERS = ['standalone', 'standalone', 'document_saved', 'scheduled'] as const;
const MODELS = ['demo-llm-large', 'demo-llm-small'] as const;
const FINDINGS = [
  { severity: 'high', title: 'Liability cap missing' },
  { severity: 'medium', title: 'Termination notice period unclear' },
  { severity: 'low', title: 'Inconsistent heading style' },
  { severity: 'low', title: 'Passive voice in summary' },
  { severity: 'medium', title: 'Personal data retention not stated' },
] as const;
const ERRORS = [
  { code: 'MODEL_TIMEOUT', message: 'The model did not answer within 120 s.', retryable: true },
  { code: 'DOCUMENT_TOO_LARGE', message: 'The document exceeds 400 pages.', retryable: false },
] as const;

export interface DemoExecutions {
  /** Every execution as first recorded (running ones as running). */
  recorded: NewExecution[];
  /** The final records of the running ones, `COMPLETE_AFTER_MS` after the anchor. */
  completions: NewExecution[];
}

const firstId = (organizationId: string) => `${organizationId}-x1`;

/**
 * The time a demo organization's executions are planned from: the first seed's time, read back
 * from its oldest execution so that a later run plans the same records (and adds nothing), or
 * now for an organization that has none yet.
 */
export function anchorOf(organizationId: string, oldest: ListPage, now: number): number {
  const first = oldest.items[0];
  return first?.id === firstId(organizationId) ? first.startedAt + HISTORY_MS : now;
}

function finishedRecord(
  r: Random,
  base: NewExecution,
  status: 'passed' | 'failed' | 'error' | 'skipped',
  completedAt: number,
): NewExecution {
  const findings =
    status === 'failed' ? Array.from({ length: r.int(1, 3) }, () => ({ ...r.pick(FINDINGS) })) : [];
  const severityCounts: Record<string, number> = {};
  for (const f of findings) severityCounts[f.severity] = (severityCounts[f.severity] ?? 0) + 1;
  const message = {
    passed: 'No findings.',
    failed: `${findings.length} finding(s) to review.`,
    error: 'The run stopped on an error.',
    skipped: 'Nothing changed since the last run.',
  }[status];
  return {
    ...base,
    status,
    message,
    completedAt,
    durationMs: completedAt - base.startedAt,
    ...(status === 'skipped'
      ? {}
      : { tokenUsage: { input: r.int(2_000, 60_000), output: r.int(200, 4_000) } }),
    ...(status === 'passed' || status === 'failed'
      ? { resultsSummary: { severityCounts, findings } }
      : {}),
    ...(status === 'error' ? { error: { ...r.pick(ERRORS) } } : {}),
  };
}

/**
 * A demo organization's agent executions: two weeks of history over its documents (a tenth on
 * the organization as a whole), every status, the newest few still running. Ids and contents
 * are the same on every run for an anchor and scale.
 */
export function demoExecutions(
  organizationId: string,
  documentIds: readonly string[],
  anchor: number,
  scale: number,
  seed: number,
): DemoExecutions {
  const r = randomSource(seed * 7919);
  const count = Math.max(RUNNING_PER_ORGANIZATION + 1, Math.round(PER_ORGANIZATION * scale));
  const recorded: NewExecution[] = [];
  const completions: NewExecution[] = [];
  for (let i = 0; i < count; i += 1) {
    const agent = r.pick(AGENTS);
    const runningOne = i >= count - RUNNING_PER_ORGANIZATION;
    // Oldest first: the first starts exactly HISTORY_MS before the anchor (see anchorOf).
    const startedAt = runningOne
      ? anchor - (count - i) * 7_000
      : anchor - HISTORY_MS + Math.floor((i / count) * (HISTORY_MS - 3_600_000));
    const documentId = r.next() < 0.9 ? r.pick(documentIds) : undefined;
    const base: NewExecution = {
      id: i === 0 ? firstId(organizationId) : `${organizationId}-x${i + 1}`,
      ...agent,
      status: 'running',
      message: 'Reviewing the document.',
      startedAt,
      trigger: r.pick(TRIGGERS),
      organizationId,
      ...(documentId ? { documentId } : {}),
      llmModel: r.pick(MODELS),
      metadata: { pipeline: 'review', attempt: 1 },
    };
    const roll = r.next();
    const status =
      roll < 0.5 ? 'passed' : roll < 0.78 ? 'failed' : roll < 0.88 ? 'error' : 'skipped';
    const duration = r.int(4_000, 180_000);
    if (runningOne) {
      recorded.push(base);
      completions.push(finishedRecord(r, base, status, anchor + COMPLETE_AFTER_MS));
    } else {
      recorded.push(finishedRecord(r, base, status, startedAt + duration));
    }
  }
  return { recorded, completions };
}
