import type { ErasedCounts } from '../../../contract/user-data';

/** What each count of an erase preview is, in the admin's words, in the order shown. */
export const erasedCountLabels: Record<keyof ErasedCounts, string> = {
  comments: 'Comments',
  annotations: 'Comment threads left empty',
  reactions: 'Reactions',
  recordings: 'Recordings',
  notifications: 'Notifications they acted in',
  notificationInboxes: 'Notifications in their inbox',
  activities: 'Activity logs',
  judgments: 'Judgments as reviewer',
  groupMemberships: 'Group memberships',
  documentAccess: 'Document access',
  folderAccess: 'Folder access',
  memberships: 'Organization memberships',
  mentionsRewritten: 'Mentions of them rewritten',
  webhookRecordsRewritten: 'Webhook records rewritten',
};

export const erasedCountKeys = Object.keys(erasedCountLabels) as (keyof ErasedCounts)[];

/** IDs typed in a box, separated by spaces, commas or new lines, each once. */
export function idsOf(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/** The Delete All User Data request the erase form's text describes (checked by the contract). */
export function eraseRequestOf(values: { userIds: string; organizationIds: string }) {
  const organizationIds = idsOf(values.organizationIds);
  return {
    userIds: idsOf(values.userIds),
    ...(organizationIds.length > 0 ? { organizationIds } : {}),
  };
}
