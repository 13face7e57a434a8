import type { z } from 'zod';
import { RECORDED_ACTIVITY_TYPES } from '#contract/activities';
import type { addReactionsRequest } from '#contract/reactions';
import { type ActivityRecord, recordServiceActivities } from '../../rows/activity-log';
import { newId } from '../../crypto/secrets';
import { failed, resultMap, succeeded } from '../../http/item-results';
import type { Services } from '../../services';
import { type NewReaction, insertNewReactions } from './feature-store';

/** The activity a new reaction records. */
const reactionActivity = (documentId: string, r: NewReaction): ActivityRecord => ({
  activityId: newId('act'),
  documentId,
  ...RECORDED_ACTIVITY_TYPES.reactionAdd,
  actionUser: r.from,
  entityData: { reactionId: r.reactionId, annotationId: r.annotationId ?? null, icon: r.icon },
  displayMessageTemplate: '{{actionUser}} reacted with {{icon}}',
  displayMessageTemplateData: { icon: r.icon },
});

/**
 * Add Reactions: ids generated where absent; an id that exists in the organization is reported
 * as failed and left as it was; each reaction added records its activity in the same
 * transaction.
 */
export async function addReactions(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof addReactionsRequest>,
) {
  const { organizationId, documentId } = input;
  const reactions: NewReaction[] = input.reactions.map((r) => ({
    ...r,
    reactionId: r.reactionId ?? newId('rxn'),
  }));
  const now = s.clock();
  const added = await s.db.transaction(async (tx) => {
    const inserted = await insertNewReactions(
      tx,
      { apiKeyId, organizationId, documentId },
      reactions,
      now,
    );
    const activities = reactions
      .filter((r) => inserted.has(r.reactionId))
      .map((r) => reactionActivity(documentId, r));
    await recordServiceActivities(tx, apiKeyId, organizationId, activities, now);
    return inserted;
  });
  return resultMap(
    reactions,
    (r) => r.reactionId,
    (_r, id) =>
      added.has(id)
        ? succeeded(id, 'Reaction added.')
        : failed(id, `A reaction with the id ${id} already exists.`),
  );
}
