import type { AddJudgmentsRequest } from '#contract/memory';
import type { DemoOrganization } from './demo-data';

type DemoJudgment = AddJudgmentsRequest['judgments'][number];

const DAY = 86_400_000;

/**
 * Refunds outside the 30-day window, judged both ways for reasons a support team would give:
 * Suggest Decision on "refund after the return window" answers a primary with a conflict.
 */
const SPLIT: [decision: 'approve' | 'reject', text: string, reason: string][] = [
  [
    'approve',
    'Refund of 120 EUR requested 41 days after delivery',
    'Goodwill for a loyal customer',
  ],
  [
    'approve',
    'Refund of 89 EUR requested 35 days after delivery',
    'Goodwill for a loyal customer.',
  ],
  [
    'approve',
    'Refund after the return window: parcel arrived damaged',
    'Carrier confirmed the damage',
  ],
  [
    'approve',
    'Refund of 240 EUR after the return window, long-time client',
    'Loyal customer, goodwill refund',
  ],
  ['approve', 'Late refund request for a broken blender', 'Carrier confirmed the damage'],
  [
    'reject',
    'Refund of 60 EUR requested 52 days after delivery',
    'Outside the 30-day return window',
  ],
  ['reject', 'Refund after the return window for an opened item', 'Outside the return window'],
  ['reject', 'Refund requested two months after delivery', 'Outside the 30-day return window.'],
  ['reject', 'Refund of 310 EUR after the return window, no receipt', 'No receipt attached'],
];

/** Unanimous precedent in the other organizations: travel bookings within budget. */
const AGREED: [decision: 'approve' | 'reject', text: string, reason: string][] = [
  ['approve', 'Train booking to the customer workshop', 'Within the travel budget'],
  ['approve', 'Hotel for two nights at the partner summit', 'Within the travel budget'],
  ['approve', 'Flight in economy to the annual offsite', 'Within the travel budget'],
];

/**
 * Judgments of the demo workspace (Add Judgments), reviewers taken from each organization's
 * users; fixed ids, so that a second seed adds none. The first organization holds a believable
 * conflict, the next two a clear pattern.
 */
export function demoJudgments(plan: readonly DemoOrganization[], now: number) {
  return plan.slice(0, 3).map((o, n) => {
    const reviewers = o.users.slice(0, 4).map((u) => u.userId);
    const list = n === 0 ? SPLIT : AGREED;
    const judgments: DemoJudgment[] = list.map(([decision, text, reason], i) => ({
      judgmentId: `${o.organizationId}-judgment-${i + 1}`,
      organizationId: o.organizationId,
      text,
      decision,
      reason,
      reviewerId: reviewers[i % reviewers.length] ?? 'reviewer',
      decidedAt: now - (3 + i * 9) * DAY,
    }));
    return judgments;
  });
}
