import type { DomainEvent } from '../../events/event-outbox';
import type { NewAnnotation } from './store';

/**
 * The events of a new annotation: `comment_annotation.add` with the whole thread, then one
 * `comment.add` per comment. The organization is the channel endpoints can subscribe to.
 */
export function annotationEvents(annotation: NewAnnotation, now: Date): DomainEvent[] {
  const createdAt = now.toISOString();
  const { organizationId, documentId, annotationId } = annotation;
  const where = { organizationId, documentId };
  const thread = annotation.comments.map((c) => ({ ...c, createdAt }));
  return [
    {
      type: 'comment_annotation.add',
      channel: organizationId,
      data: {
        ...where,
        annotationId,
        commentAnnotation: { annotationId, ...where, comments: thread, createdAt },
      },
    },
    ...thread.map((comment) => ({
      type: 'comment.add' as const,
      channel: organizationId,
      data: { ...where, annotationId, commentId: comment.commentId, comment },
    })),
  ];
}
