import { z } from 'zod';
import type { Answer } from '#contract/endpoint';
import {
  DEFAULT_USER_GROUPS_PAGE,
  type UserGroup,
  type getUserGroupsRequest,
} from '#contract/users';
import { keysetPage, rowsToFetch } from '../../db/keyset';
import { organizationExists } from '../../rows/organization-store';
import { PageTokens } from '../../http/page-token';
import { unknownOrganization } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { listUserGroups, userGroupPageStatement } from './groups-store';

type Input = z.output<typeof getUserGroupsRequest>;

/**
 * Get User Groups: one keyset page of an organization's groups in id order, each with its member
 * count. An unknown organization is INVALID_ARGUMENT, the specification's failure status for the
 * group endpoints.
 */
export function userGroupPages(s: Services) {
  const tokens = new PageTokens(s.secrets, {
    name: 'user-groups',
    field: 'data.pageToken',
    position: z.string(),
  });
  return async (apiKeyId: string, input: Input): Promise<Answer<UserGroup[]>> => {
    const groupIds = input.groupIds ? [...new Set(input.groupIds)].sort() : undefined;
    // The same ids in any order or repetition make the same query; the page size does not count.
    const query = { apiKeyId, organizationId: input.organizationId, groupIds: groupIds ?? null };
    const after = tokens.decode(query, input.pageToken);
    const limit = input.pageSize ?? DEFAULT_USER_GROUPS_PAGE;
    const found = await listUserGroups(
      s.db,
      userGroupPageStatement({
        apiKeyId,
        organizationId: input.organizationId,
        groupIds,
        afterGroupId: after,
        limit: rowsToFetch(limit),
      }),
    );
    // A group names its organization, so only an empty page needs to ask whether it exists.
    if (found.length === 0 && !(await organizationExists(s.db, apiKeyId, input.organizationId))) {
      throw unknownOrganization(input.organizationId);
    }
    const page = keysetPage(found, limit);
    const last = page.rows.at(-1);
    return {
      data: page.rows.map((row) => ({
        groupId: row.group_id,
        groupName: row.group_name,
        memberCount: row.member_count,
        createdAt: Math.floor(row.created_ms),
      })),
      message: 'User groups retrieved successfully.',
      pageToken: page.more && last ? tokens.encode(query, last.group_id) : null,
    };
  };
}
