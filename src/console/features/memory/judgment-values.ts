/** The add-judgment form's fields, as typed. */
export interface JudgmentValues {
  judgmentId: string;
  organizationId: string;
  documentId: string;
  text: string;
  decision: string;
  reason: string;
  reviewerId: string;
  /** A datetime-local value, in the admin's own clock; now when blank. */
  decidedAt: string;
}

export const blankJudgment: JudgmentValues = {
  judgmentId: '',
  organizationId: '',
  documentId: '',
  text: '',
  decision: 'approve',
  reason: '',
  reviewerId: '',
  decidedAt: '',
};

/** Text trimmed; a blank optional field is left out (the contract refuses an empty ID). */
const given = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The Add Judgments request the form would send, one judgment, for the contract to check (the
 * decision, say, is only known to be one of its values once checked). An unreadable date stays
 * NaN, so that the contract's rule for it is the message shown.
 */
export function judgmentRequest(values: JudgmentValues): {
  judgments: Record<string, string | number>[];
} {
  const decidedAt = given(values.decidedAt);
  const judgment = {
    judgmentId: given(values.judgmentId),
    organizationId: given(values.organizationId),
    documentId: given(values.documentId),
    text: values.text,
    decision: values.decision,
    reason: given(values.reason),
    reviewerId: values.reviewerId,
    decidedAt: decidedAt === undefined ? undefined : new Date(decidedAt).getTime(),
  };
  // Absent rather than undefined, as an admin who left the field blank meant.
  const present = Object.fromEntries(
    Object.entries(judgment).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number>;
  return { judgments: [present] };
}

/** The form field a contract issue is about: `judgments.0.text` is `text`. */
export function judgmentField(path: readonly PropertyKey[]): string | undefined {
  const [list, , field] = path;
  return list === 'judgments' && typeof field === 'string' ? field : undefined;
}
