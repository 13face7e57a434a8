import { RECORDED_ACTIVITY_TYPES } from '#contract/activities';
import type { ActivityRecord } from '../../rows/activity-log';
import { newId } from '../../crypto/secrets';
import type { NewAnnotation } from './store';

/**
 * The activities of a new annotation: one for the annotation, by the author of its first comment
 * (who started the thread), then one per comment by its author. They name the annotation and
 * comment ids and not the text, which stays in one place (the comments table).
 */
export function commentActivities(annotation: NewAnnotation): ActivityRecord[] {
  const { documentId, annotationId, comments } = annotation;
  const [first] = comments;
  const thread: ActivityRecord[] = first
    ? [
        {
          activityId: newId('act'),
          documentId,
          ...RECORDED_ACTIVITY_TYPES.commentAnnotationAdd,
          actionUser: first.from,
          entityData: { annotationId },
          displayMessageTemplate: '{{actionUser}} started a comment thread',
        },
      ]
    : [];
  return [
    ...thread,
    ...comments.map((c) => ({
      activityId: newId('act'),
      documentId,
      ...RECORDED_ACTIVITY_TYPES.commentAdd,
      actionUser: c.from,
      entityData: { annotationId, commentId: c.commentId },
      displayMessageTemplate: '{{actionUser}} added a comment',
    })),
  ];
}
