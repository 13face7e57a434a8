/** A message of the data areas that names what is in the way and where. */
export const documentTaken = (documentId: string, organizationId: string) =>
  `Document ${documentId} already exists in organization ${organizationId}.`;
