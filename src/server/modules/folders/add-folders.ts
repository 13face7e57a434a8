import type { z } from 'zod';
import type { addFolderRequest } from '#contract/folders';
import { ensureOrganization, lockOrganization } from '../../rows/organization-store';
import { failed, resultMap, succeeded } from '../../http/item-results';
import { unknownOrganization } from '../../http/unknown-ids';
import type { Services } from '../../services';
import { planFolders } from './folder-plan';
import { defaultAccessType, findFolders, lockFolderWrites } from './store';
import { insertFolders, refreshFolderStatistics } from './write-store';

type AddInput = z.output<typeof addFolderRequest>;

/**
 * Add Folder: every folder that can be placed is written with its closure rows, the others are
 * reported per item, all in one transaction. The organization must exist unless the call asks
 * to create it.
 */
export async function addFolders(s: Services, apiKeyId: string, input: AddInput) {
  const { organizationId } = input;
  const now = s.clock();
  const plan = await s.db.transaction(async (tx) => {
    if (input.createOrganization) await ensureOrganization(tx, apiKeyId, organizationId, now);
    else if (!(await lockOrganization(tx, apiKeyId, organizationId))) {
      throw unknownOrganization(organizationId);
    }
    await lockFolderWrites(tx, apiKeyId, organizationId);
    const named = new Set<string>();
    for (const f of input.folders) {
      named.add(f.folderId);
      if (f.parentFolderId !== undefined) named.add(f.parentFolderId);
    }
    const stored = await findFolders(tx, apiKeyId, organizationId, [...named]);
    const planned = planFolders(input.folders, stored, await defaultAccessType(tx, apiKeyId));
    await insertFolders(tx, apiKeyId, organizationId, planned.writes, now);
    return planned;
  });
  // After the commit: ANALYZE would hold its lock on the table until the transaction ends.
  if (plan.writes.length > 0) await refreshFolderStatistics(s.db);
  return resultMap(
    input.folders,
    (f) => f.folderId,
    (_f, id) => {
      const why = plan.failures.get(id);
      return why === undefined ? succeeded(id, 'Folder added.') : failed(id, why);
    },
  );
}
