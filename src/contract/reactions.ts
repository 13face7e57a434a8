import { z } from 'zod';
import { itemList, itemResultMap, itemResultWithId, nameSchema, uniqueBy } from './common';
import { id, userSchema } from './ids';
import { endpoint } from './endpoint';

export const MAX_REACTION_ICON_LENGTH = 200;

export const addReactionsRequest = z.object({
  organizationId: id(),
  documentId: id(),
  reactions: itemList(
    z.object({
      reactionId: id().optional(),
      /** The comment annotation reacted to; none for a reaction on the document itself. */
      annotationId: id().optional(),
      /** An emoji or an icon identifier. */
      icon: nameSchema(MAX_REACTION_ICON_LENGTH),
      from: userSchema,
    }),
  ).superRefine(uniqueBy((r) => r.reactionId)),
});
export type AddReactionsRequest = z.input<typeof addReactionsRequest>;

// Area 'activities': reactions are client-SDK feature data like comments (DESIGN.md extensions).
export const addReactions = endpoint({
  name: 'Add Reactions',
  path: '/v2/reactions/add',
  write: true,
  auth: 'apiKey',
  area: 'activities',
  envelope: 'A',
  extension: true,
  request: addReactionsRequest,
  data: itemResultMap(itemResultWithId),
  errors: [],
});
