import type { ErasedCounts } from '#contract/user-data';
import { idLines } from '../../lib/id-search';

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

/** The Delete All User Data request the erase form's text describes (checked by the contract). */
export function eraseRequestOf(values: { userIds: string; organizationIds: string }) {
  const organizationIds = idLines(values.organizationIds);
  return {
    userIds: idLines(values.userIds),
    ...(organizationIds.length > 0 ? { organizationIds } : {}),
  };
}
