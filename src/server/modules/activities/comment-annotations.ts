import type { z } from 'zod';
import type {
  addCommentAnnotationsRequest,
  commentAnnotationResultSchema,
} from '#contract/activities';
import { recordServiceActivities } from '../../rows/activity-log';
import { newId } from '../../crypto/secrets';
import { resultMap } from '../../http/item-results';
import type { Services } from '../../services';
import { transactionWithEvents } from '../../events/transaction-with-events';
import { commentActivities } from './comment-activities';
import { annotationEvents } from './comment-events';
import { type NewAnnotation, insertNewAnnotations } from './store';

type AddInput = z.output<typeof addCommentAnnotationsRequest>;
type AnnotationResult = z.input<typeof commentAnnotationResultSchema>;

/**
 * Adds annotations with their comments, ids generated where absent, and emits their events and
 * records their activities in the same transaction. An annotation whose id exists already is reported as failed
 * and left untouched; the others are written together with their events, or nothing is.
 */
export async function addCommentAnnotations(s: Services, apiKeyId: string, input: AddInput) {
  const now = s.clock();
  const annotations: NewAnnotation[] = input.commentAnnotations.map((a) => ({
    organizationId: input.organizationId,
    documentId: input.documentId,
    annotationId: a.annotationId ?? newId('ann'),
    comments: a.commentData.map((c) => ({
      commentId: newId('cmt'),
      commentText: c.commentText,
      from: c.from,
      ...(c.to === undefined ? {} : { to: c.to }),
    })),
  }));

  const added = await transactionWithEvents(s, apiKeyId, async (tx, emit) => {
    const inserted = await insertNewAnnotations(tx, apiKeyId, annotations, now);
    const written = annotations.filter((a) => inserted.has(a.annotationId));
    for (const a of written) emit(...annotationEvents(a, now));
    await recordServiceActivities(
      tx,
      apiKeyId,
      input.organizationId,
      written.flatMap(commentActivities),
      now,
    );
    return inserted;
  });
  return resultMap(
    annotations,
    (a) => a.annotationId,
    (a, annotationId): AnnotationResult =>
      added.has(annotationId)
        ? {
            success: true,
            annotationId,
            commentIds: a.comments.map((c) => c.commentId),
            message: 'Comment annotation added successfully.',
          }
        : {
            success: false,
            annotationId,
            commentIds: [],
            message: `A comment annotation with the id ${annotationId} already exists.`,
          },
  );
}
