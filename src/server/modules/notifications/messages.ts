/** Messages of the notifications area. */
export const notificationAdded = 'Notification added successfully.';

export const notificationTaken = (notificationId: string) =>
  `Notification ${notificationId} already exists.`;

export const notificationDeleted = 'Notification deleted successfully.';
