import { defaultStringifySearch } from '@tanstack/react-router';
import type { KeySegment } from '#contract/areas';

// The addresses the command palette leads to. They are written out rather than typed route
// strings: the folders page is built alongside the palette, and a plain address serves every
// page alike (the router validates each page's search params as it opens it). Search params are
// written as the router writes them, so that an ID such as `123` stays a string when read back.

const key = (apiKeyId: string) => `/keys/${encodeURIComponent(apiKeyId)}`;

function withSearch(path: string, search: Record<string, string>): string {
  return `${path}${defaultStringifySearch(search)}`;
}

/**
 * A page of a key, the key's own page without a segment; without a key, the chooser that asks for
 * one and then opens that page (as the navigation's links do).
 */
export function keyPageHref(apiKeyId: string | undefined, segment?: KeySegment): string {
  if (!apiKeyId) return segment ? withSearch('/keys', { next: segment }) : '/keys';
  return segment ? `${key(apiKeyId)}/${segment}` : key(apiKeyId);
}

/** The organizations page, showing only this one. */
export function organizationHref(apiKeyId: string, organizationId: string): string {
  return withSearch(`${key(apiKeyId)}/organizations`, { ids: organizationId });
}

/** The folders page, this folder selected in its organization's tree. */
export function folderHref(apiKeyId: string, organizationId: string, folderId: string): string {
  return withSearch(`${key(apiKeyId)}/folders`, {
    organization: organizationId,
    folder: folderId,
  });
}

/** The documents page of the organization, showing only this document. */
export function documentHref(apiKeyId: string, organizationId: string, documentId: string): string {
  return withSearch(`${key(apiKeyId)}/documents`, {
    organization: organizationId,
    ids: documentId,
  });
}

/** The users page of the organization, showing only this user. */
export function userHref(apiKeyId: string, organizationId: string, userId: string): string {
  return withSearch(`${key(apiKeyId)}/users`, { organization: organizationId, users: userId });
}
