import { describe, expect, it } from 'vitest';
import { allEndpoints } from './endpoints';

/**
 * The error statuses the contract lists per endpoint (its OpenAPI document and the console's
 * reference read them) against the specification's words. The service's answers are held to the
 * same rule by `src/server/reliability/unknown-ids.test.ts`.
 */

/**
 * The specification's NOT_FOUND conditions (a workspace, an API key, an owner e-mail), and those of
 * the extensions that name a member or a session.
 */
const notFoundWhereTheSpecificationSaysSo = [
  'Get Workspace',
  'Get Email Verification Status',
  'Reset Auth Token',
  // The extension that reads the same API key's tokens answers as Reset Auth Token does.
  'Get Auth Tokens',
  // The hosted product's Update API Key answers NOT_FOUND `API key not found.` as they do.
  'Update API Key',
  // DESIGN.md's extensions of team access: the workspace (as Get Workspace), a member, a session.
  'Get Workspace Auth Token',
  'Update Member',
  'Remove Member',
  'Revoke Sessions',
];

/** The endpoints whose section in the specification ends "Failure: INVALID_ARGUMENT". */
const failureInvalidArgument = [
  'Get Folders (v2)',
  'Get Folders (v1)',
  'Get Documents',
  'Migrate Documents',
  'Migrate Documents Status',
  'Delete Organizations',
  'Add Users to Groups',
  'Delete Users from Groups',
  'Get All User Data',
  'Delete All User Data',
  'Add Notifications',
  'Delete Notifications',
  'Update Activity Logs',
  'List Agent Executions',
  'Suggest Decision',
];

describe('error statuses of the contract', () => {
  it('lists NOT_FOUND only where the specification names it', () => {
    const listing = allEndpoints.filter((e) => e.errors.includes('NOT_FOUND')).map((e) => e.name);
    expect(listing.filter((name) => !notFoundWhereTheSpecificationSaysSo.includes(name))).toEqual(
      [],
    );
  });

  it('lists no other failure where the specification names INVALID_ARGUMENT alone', () => {
    const names = allEndpoints.map((e) => e.name);
    expect(failureInvalidArgument.filter((name) => !names.includes(name))).toEqual([]);
    for (const e of allEndpoints.filter((x) => failureInvalidArgument.includes(x.name))) {
      expect(
        e.errors.filter((s) => s !== 'INVALID_ARGUMENT'),
        e.name,
      ).toEqual([]);
    }
  });
});
