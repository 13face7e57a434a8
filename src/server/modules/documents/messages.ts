/** The NOT_FOUND messages of the data areas, which name what is missing and where. */
export const organizationMissing = (organizationId: string) =>
  `Organization ${organizationId} does not exist.`;

export const folderMissing = (folderId: string, organizationId: string) =>
  `Folder ${folderId} does not exist in organization ${organizationId}.`;

export const documentMissing = (documentId: string, organizationId: string) =>
  `Document ${documentId} does not exist in organization ${organizationId}.`;

export const documentTaken = (documentId: string, organizationId: string) =>
  `Document ${documentId} already exists in organization ${organizationId}.`;

export const migrationMissing = (migrationId: string, organizationId: string) =>
  `Migration ${migrationId} does not exist in organization ${organizationId}.`;
