/** The NOT_FOUND messages of the users area; each names what is missing and where. */
export const organizationMissing = (organizationId: string) =>
  `Organization ${organizationId} does not exist.`;

export const documentMissing = (organizationId: string, documentId: string) =>
  `Document ${documentId} does not exist in organization ${organizationId}.`;

export const folderMissing = (organizationId: string, folderId: string) =>
  `Folder ${folderId} does not exist in organization ${organizationId}.`;

export const groupMissing = (organizationId: string, groupId: string) =>
  `User group ${groupId} does not exist in organization ${organizationId}.`;
