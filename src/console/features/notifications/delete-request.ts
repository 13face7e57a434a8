import type { z } from 'zod';
import { deleteNotificationsRequest } from '#contract/notifications';
import { type Built, contractResolver } from '../../lib/contract-resolver';
import { idLines } from '../../lib/id-search';

/** The delete form's values: the filters of Delete Notifications, the IDs as typed. */
export interface DeleteValues {
  organizationId: string;
  documentId: string;
  locationId: string;
  userId: string;
  /** IDs, one a line. */
  notificationIds: string;
}

const given = (text: string) => (text.trim() === '' ? undefined : text.trim());

/** The request the filters make; blank filters are left out. */
export function buildDelete(values: DeleteValues): Built {
  const ids = idLines(values.notificationIds);
  const request = {
    organizationId: values.organizationId,
    documentId: given(values.documentId),
    locationId: given(values.locationId),
    userId: given(values.userId),
    notificationIds: ids.length > 0 ? ids : undefined,
  };
  return {
    request: Object.fromEntries(Object.entries(request).filter(([, v]) => v !== undefined)),
  };
}

export type DeleteRequest = z.output<typeof deleteNotificationsRequest>;

/** The contract's rule that needs a filter besides the organization shows above the buttons. */
export const deleteResolver = contractResolver<DeleteValues, DeleteRequest>(
  deleteNotificationsRequest,
  {
    build: buildDelete,
    fieldOf: (path) => (path[0] === 'notificationIds' ? 'notificationIds' : path.join('.')),
    namesInnerKey: true,
  },
);

/** What a deletion with these filters does, in words. */
export function deleteEffect(request: DeleteRequest): string {
  const where = [
    request.documentId ? `of document ${request.documentId}` : '',
    request.locationId ? `at location ${request.locationId}` : '',
    request.notificationIds ? `with the ${request.notificationIds.length} IDs given` : '',
  ].filter(Boolean);
  const which = where.length > 0 ? `notifications ${where.join(', ')}` : 'notifications';
  return request.userId
    ? `The ${which} leave the inbox of ${request.userId}; other recipients keep them.`
    : `The ${which} are deleted for every recipient.`;
}
