/** Messages of the notifications area. */
export const notificationAdded = 'Notification added successfully.';

export const notificationTaken = (notificationId: string) =>
  `Notification ${notificationId} already exists.`;

export const notificationDeleted = 'Notification deleted successfully.';

export const organizationMissing = (organizationId: string) =>
  `Organization ${organizationId} does not exist.`;

export const documentMissing = (documentId: string, organizationId: string) =>
  `Document ${documentId} does not exist in organization ${organizationId}.`;
