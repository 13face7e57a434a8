import type { DomainEvent } from '../../events/event-outbox';

const sampleUser = { userId: 'user-sample', name: 'Sample User', email: 'sample@example.com' };

/**
 * What Send Test Event delivers: the shape a real event of that type has, filled with sample
 * values and marked `test: true`, so a receiver can exercise the same code path.
 */
export function sampleEvent(type: string, now: Date): DomainEvent {
  const createdAt = now.toISOString();
  const where = { organizationId: 'org-sample', documentId: 'doc-sample' };
  const comment = {
    commentId: 'cmt_sample',
    commentText: 'This is a test comment.',
    from: sampleUser,
    createdAt,
  };
  let data: Record<string, unknown>;
  switch (type) {
    case 'comment.add':
    case 'comment.update':
      data = { ...where, annotationId: 'ann_sample', commentId: comment.commentId, comment };
      break;
    case 'comment_annotation.add':
      data = {
        ...where,
        annotationId: 'ann_sample',
        commentAnnotation: { annotationId: 'ann_sample', ...where, comments: [comment], createdAt },
      };
      break;
    default:
      data = { message: `This is a test event of type ${type}.`, createdAt };
  }
  return { type, channel: null, data: { ...data, test: true } };
}
