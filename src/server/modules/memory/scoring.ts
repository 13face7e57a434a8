import {
  type Decision,
  MAX_SUPPORTING_JUDGMENTS,
  type Suggestion,
  type SuggestDecisionResult,
} from '#contract/memory';
import { topReasons } from './reasons';

/** A judgment retrieved for a query, with its text similarity to it (0 to 1). */
export interface Candidate {
  judgmentId: string;
  decision: Decision;
  reason: string | null;
  reviewerId: string;
  decidedAt: number;
  similarity: number;
}

/** Where the precedent was narrowed to, and the label shown for it (never a customer's name). */
export type Scope = 'document' | 'organization' | 'apiKey';
export const SCOPE_LABELS: Record<Scope, string> = {
  document: 'This document',
  organization: 'This organization',
  apiKey: 'All content',
};

/** A judgment less similar than this to the query is not precedent for it and is not counted. */
export const MIN_SIMILARITY = 0.3;
/** A judgment's weight halves every 90 days of age. */
export const HALF_LIFE_DAYS = 90;
/** z of the lower confidence bound: 1.96, a two-sided 95% Wilson interval. */
export const WILSON_Z = 1.96;
/** Judgments supporting a side before it may be suggested, or shown as the conflict (DESIGN.md). */
export const MIN_SUPPORT = 2;
/** Evidence older than this is stale; a side more than 70% stale carries the stale caveat. */
export const STALE_AFTER_DAYS = 183;
export const STALE_SHARE = 0.7;
export const STALE_CAVEAT = 'Stale pattern: >70% of supporting data is older than 6 months';

const DAY_MS = 86_400_000;

/** Weight of a judgment: its text similarity times its recency, 0.5^(age in days / 90). */
export function weightOf(c: Candidate, nowMs: number): number {
  const ageDays = Math.max(0, nowMs - c.decidedAt) / DAY_MS;
  return c.similarity * 0.5 ** (ageDays / HALF_LIFE_DAYS);
}

/**
 * Lower bound of the Wilson score interval of a share `p` observed over an effective sample of
 * `n` (the sum of the weights), in the form without the cancellation of the textbook one.
 */
export function wilsonLowerBound(p: number, n: number, z = WILSON_Z): number {
  if (n <= 0) return 0;
  const z2 = z * z;
  const bound = (2 * n * p + z2 - z * Math.sqrt(z2 + 4 * n * p * (1 - p))) / (2 * (n + z2));
  return Math.min(1, Math.max(0, bound));
}

interface Weighted extends Candidate {
  weight: number;
}

interface Side {
  decision: Decision;
  judgments: Weighted[];
  weight: number;
}

const rounded = (value: number) => Math.round(value * 1000) / 1000;
const verb = (d: Decision) => (d === 'approve' ? 'approved' : 'rejected');

function suggestionOf(
  side: Side,
  other: Side,
  scope: Scope,
  nowMs: number,
  note: string | undefined,
): Suggestion {
  const total = side.weight + other.weight;
  const count = side.judgments.length;
  const all = count + other.judgments.length;
  const caveats: string[] = [];
  if (note !== undefined) caveats.push(note);
  const stale = side.judgments.filter((j) => nowMs - j.decidedAt > STALE_AFTER_DAYS * DAY_MS);
  if (stale.length > STALE_SHARE * count) caveats.push(STALE_CAVEAT);
  const best = [...side.judgments].sort(
    (a, b) => b.weight - a.weight || a.judgmentId.localeCompare(b.judgmentId),
  );
  return {
    recommendation: side.decision,
    confidence: rounded(wilsonLowerBound(side.weight / total, total)),
    basedOn: count,
    scope,
    scopeLabel: SCOPE_LABELS[scope],
    topReasons: topReasons(
      side.judgments.flatMap((j) => (j.reason ? [{ reason: j.reason, weight: j.weight }] : [])),
    ),
    uniqueReviewers: new Set(side.judgments.map((j) => j.reviewerId)).size,
    caveats:
      other.judgments.length > 0 && note === undefined
        ? [
            `Conflicting precedent: ${other.judgments.length} of ${all} similar judgments ${verb(other.decision)}.`,
            ...caveats,
          ]
        : caveats,
    supportingJudgmentIds: best.slice(0, MAX_SUPPORTING_JUDGMENTS).map((j) => j.judgmentId),
  };
}

/** The side that leads: more weight, then more judgments, then reject (the cautious answer). */
function leadingSide(approve: Side, reject: Side): [Side, Side] {
  const byWeight = approve.weight - reject.weight;
  const byCount = approve.judgments.length - reject.judgments.length;
  const approveLeads = byWeight !== 0 ? byWeight > 0 : byCount > 0;
  return approveLeads ? [approve, reject] : [reject, approve];
}

/**
 * Suggest Decision's counting (DESIGN.md): judgments similar enough to the query count toward
 * their side with weight similarity × recency; `primary` is the leading side once at least 2
 * judgments support it; `conflict` the other side when each has at least 2. Pure and
 * order-independent: the candidates are taken in id order.
 */
export function suggest(
  candidates: readonly Candidate[],
  scope: Scope,
  nowMs: number,
): SuggestDecisionResult {
  const counted = candidates
    .filter((c) => c.similarity >= MIN_SIMILARITY)
    .sort((a, b) => a.judgmentId.localeCompare(b.judgmentId))
    .map((c) => ({ ...c, weight: weightOf(c, nowMs) }));
  const sideOf = (decision: Decision): Side => {
    const judgments = counted.filter((c) => c.decision === decision);
    return { decision, judgments, weight: judgments.reduce((sum, j) => sum + j.weight, 0) };
  };
  const [lead, other] = leadingSide(sideOf('approve'), sideOf('reject'));
  if (lead.judgments.length < MIN_SUPPORT) return { primary: null, conflict: null };
  const primary = suggestionOf(lead, other, scope, nowMs, undefined);
  if (other.judgments.length < MIN_SUPPORT) return { primary, conflict: null };
  const all = lead.judgments.length + other.judgments.length;
  const minority = `Minority view: ${other.judgments.length} of ${all} similar judgments ${verb(other.decision)}.`;
  return { primary, conflict: suggestionOf(other, lead, scope, nowMs, minority) };
}
