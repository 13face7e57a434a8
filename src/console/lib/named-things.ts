/** What an address names inside an organization: a folder, a document, or both. */
export interface NamedThings {
  folderId?: string | undefined;
  documentId?: string | undefined;
}

export const namesSomething = (named: NamedThings | undefined): named is NamedThings =>
  Boolean(named?.folderId ?? named?.documentId);

export const sameThings = (a: NamedThings | undefined, b: NamedThings | undefined) =>
  a?.folderId === b?.folderId && a?.documentId === b?.documentId;
