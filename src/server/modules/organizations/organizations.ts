import { z } from 'zod';
import type { Answer } from '#contract/endpoint';
import type {
  Organization,
  addOrganizationsRequest,
  deleteOrganizationsRequest,
  getOrganizationsRequest,
} from '#contract/organizations';
import { keysetPage, rowsToFetch } from '../../db/keyset';
import { deleteOrganizationData } from '../../rows/organization-data';
import { failed, resultMap, succeeded } from '../../http/item-results';
import { PageTokens } from '../../http/page-token';
import type { Services } from '../../services';
import { insertNewOrganizations, organizationPageStatement } from './store';

/** Get Organizations' page size when the caller gives none (DESIGN.md). */
export const DEFAULT_ORGANIZATIONS_PAGE = 1000;

export async function addOrganizations(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof addOrganizationsRequest>,
) {
  const added = await s.db.transaction((tx) =>
    insertNewOrganizations(tx, apiKeyId, input.organizations, s.clock()),
  );
  return resultMap(
    input.organizations,
    (o) => o.organizationId,
    (_o, id) =>
      added.has(id)
        ? succeeded(id, 'Organization added.')
        : failed(id, `Organization ${id} already exists.`),
  );
}

/**
 * Deletes each organization with everything in it (folders, documents, users, groups, comments
 * …) in one transaction; the messages are the hosted product's.
 */
export async function deleteOrganizations(
  s: Services,
  apiKeyId: string,
  input: z.output<typeof deleteOrganizationsRequest>,
) {
  const deleted = await s.db.transaction((tx) =>
    deleteOrganizationData(tx, apiKeyId, input.organizationIds),
  );
  return resultMap(
    input.organizationIds,
    (id) => id,
    (_id, id) =>
      deleted.has(id)
        ? succeeded(id, 'Deleted Successfully')
        : failed(id, 'Organization does not exist'),
  );
}

export function organizationPages(s: Services) {
  const tokens = new PageTokens(s.secrets, {
    name: 'organizations',
    field: 'data.pageToken',
    position: z.string(),
  });
  return async (
    apiKeyId: string,
    input: z.output<typeof getOrganizationsRequest>,
  ): Promise<Answer<Organization[]>> => {
    const query = { apiKeyId, organizationIds: input.organizationIds ?? null };
    const after = tokens.decode(query, input.pageToken);
    const limit = input.pageSize ?? DEFAULT_ORGANIZATIONS_PAGE;
    const found = await organizationPageStatement(s.db, {
      apiKeyId,
      organizationIds: input.organizationIds,
      after,
      limit: rowsToFetch(limit),
    });
    const page = keysetPage(found, limit);
    const last = page.rows.at(-1);
    return {
      data: page.rows,
      message: 'Organizations retrieved successfully.',
      pageToken: page.more && last ? tokens.encode(query, last.id) : null,
    };
  };
}
