import { describe, expect, it } from 'vitest';
import { credentialHeaders } from './credentials';
import { pathsOf } from './endpoint';
import { allEndpoints } from './endpoints';

/**
 * Every endpoint's path, written out: the paths are the wire, and every client (console, seed,
 * e2e support, server tests) reads them from the contract, so a path that moves here moves for
 * all of them at once. This test makes that a deliberate change rather than a slip.
 */
const pinnedPaths: Record<string, string> = {
  'Create Workspace': '/v2/workspace/create',
  'Complete Login': '/v2/workspace/email/complete-login',
  'Send Login Link': '/v2/workspace/email/send-login-link',
  'Get Email Verification Status': '/v2/workspace/email/status',
  'Get Workspace': '/v2/workspace/get',
  'Create API Key': '/v2/workspace/apikey/create',
  'Get API Keys': '/v2/workspace/apikeys/get',
  'Update API Key': '/v2/workspace/apikey/update',
  'Get Domains': '/v2/workspace/domains/get',
  'Add Domains': '/v2/workspace/domains/add',
  'Delete Domains': '/v2/workspace/domains/delete',
  'Get API Key Config': '/v2/workspace/apikeyconfig/get',
  'Update API Key Config': '/v2/workspace/apikeyconfig/update',
  'Reset Auth Token': '/v2/workspace/authtoken/reset',
  'Get Auth Tokens': '/v2/workspace/authtokens/get',
  'Get Permission Provider Config': '/v2/workspace/permissionproviderconfig/get',
  'Update Permission Provider Config': '/v2/workspace/permissionproviderconfig/update',
  'Get API Key Counts': '/v2/workspace/apikeycounts/get',
  'Create Advanced Webhook Endpoint': '/v2/workspace/advancedwebhook/endpoints/create',
  'Delete Advanced Webhook Endpoint': '/v2/workspace/advancedwebhook/endpoints/delete',
  'Get Advanced Webhook Endpoints': '/v2/workspace/advancedwebhook/endpoints/get',
  'Get Advanced Webhook Endpoint Secret': '/v2/workspace/advancedwebhook/endpoints/secret/get',
  'Send Test Event': '/v2/workspace/advancedwebhook/endpoints/test',
  'Update Advanced Webhook Endpoint': '/v2/workspace/advancedwebhook/endpoints/update',
  'Get Advanced Webhook Config': '/v2/workspace/advancedwebhookconfig/get',
  'Update Advanced Webhook Config': '/v2/workspace/advancedwebhookconfig/update',
  'List Advanced Webhook Endpoint Messages':
    '/v2/workspace/advancedwebhook/endpoints/messages/list',
  'Recover Failed Advanced Webhook Messages':
    '/v2/workspace/advancedwebhook/endpoints/messages/recover',
  'Get Advanced Webhook Endpoint Stats': '/v2/workspace/advancedwebhook/endpoints/stats/get',
  'Get Advanced Webhook Event Types': '/v2/workspace/advancedwebhook/eventtypes/get',
  'Get Webhook Config': '/v2/workspace/webhookconfig/get',
  'Get Webhook Service Stats': '/v2/workspace/webhookconfig/stats/get',
  'Update Webhook Config': '/v2/workspace/webhookconfig/update',
  'Send Webhook Service Test Event': '/v2/workspace/webhookconfig/test',
  'List Webhook Service Deliveries': '/v2/workspace/webhookconfig/deliveries/list',
  'Resend Advanced Webhook Message': '/v2/workspace/advancedwebhook/endpoints/messages/resend',
  'Rotate Advanced Webhook Endpoint Secret':
    '/v2/workspace/advancedwebhook/endpoints/secret/rotate',
  'Delete Organizations': '/v1/organizations/delete',
  'Delete Users from Groups': '/v1/organizations/usergroups/users/delete',
  'Add Organizations': '/v2/organizations/add',
  'Get Organizations': '/v2/organizations/get',
  'Add User Groups': '/v2/organizations/usergroups/add',
  'Add Users to Groups': '/v2/organizations/usergroups/users/add',
  'Get Folders (v1)': '/v1/organizations/folders/get',
  'Add Folder': '/v2/organizations/folders/add',
  'Get Folders (v2)': '/v2/organizations/folders/get',
  'Add Documents': '/v2/organizations/documents/add',
  'Get Documents': '/v2/organizations/documents/get',
  'Migrate Documents': '/v2/organizations/documents/migrate',
  'Migrate Documents Status': '/v2/organizations/documents/migrate/status',
  'Get User Groups': '/v2/organizations/usergroups/get',
  'Add Users': '/v2/users/add',
  'Get Users': '/v2/users/get',
  'Delete All User Data': '/v1/users/data/delete',
  'Get Data Deletion Job': '/v1/users/data/delete/status',
  'Get All User Data': '/v1/users/data/get',
  'Add Notifications': '/v1/notifications/add',
  'Delete Notifications': '/v1/notifications/delete',
  'Get Notifications': '/v2/notifications/get',
  'Add Activity Logs': '/v2/activities/add',
  'Get Activity Logs': '/v2/activities/get',
  'Update Activity Logs': '/v2/activities/update',
  'Get Activity Config': '/v2/workspace/activityconfig/get',
  'Update Activity Config': '/v2/workspace/activityconfig/update',
  'Add Comment Annotations': '/v2/commentannotations/add',
  'Add Reactions': '/v2/reactions/add',
  'Add Recordings': '/v2/recordings/add',
  'Add Agent Executions': '/v2/agents/execution/add',
  'List Agent Executions': '/v2/agents/execution/list',
  'Add Judgments': '/v2/memory/judgments/add',
  'Get Judgments': '/v2/memory/judgments/get',
  'Suggest Decision': '/v2/memory/suggest',
  'Get Audit Log': '/v2/workspace/auditlog/get',
  'Get Workspace Auth Token': '/v2/workspace/token/get',
  'Get Members': '/v2/workspace/members/get',
  'Invite Member': '/v2/workspace/members/invite',
  'Update Member': '/v2/workspace/members/update',
  'Remove Member': '/v2/workspace/members/remove',
  'Get Workspace Status': '/v2/workspace/status/get',
  'Get Current Session': '/v2/workspace/sessions/current',
  'Get Sessions': '/v2/workspace/sessions/get',
  'Revoke Sessions': '/v2/workspace/sessions/revoke',
  'Sign Out': '/v2/workspace/email/sign-out',
  'Get Email Config': '/v2/workspace/emailconfig/get',
  'Update Email Config': '/v2/workspace/emailconfig/update',
  'Get Sent Emails': '/v2/workspace/emailconfig/sent/get',
  'Send Test Email': '/v2/workspace/emailconfig/test',
};

/**
 * The second paths: the hosted product now serves these endpoints under `/v2` where the
 * specification says `/v1` (DESIGN.md § Workspace services, "Newer paths"); both are served.
 */
const pinnedNewerPaths: Record<string, string> = {
  'Delete Organizations': '/v2/organizations/delete',
  'Delete Users from Groups': '/v2/organizations/usergroups/users/delete',
  'Delete All User Data': '/v2/users/data/delete',
  'Get Data Deletion Job': '/v2/users/data/delete/status',
  'Get All User Data': '/v2/users/data/get',
  'Add Notifications': '/v2/notifications/add',
  'Delete Notifications': '/v2/notifications/delete',
};

describe('the contract', () => {
  it('serves every endpoint at the path written here, and no endpoint more', () => {
    const paths = Object.fromEntries(allEndpoints.map((e) => [e.name, e.path]));
    expect(paths).toEqual(pinnedPaths);
    expect(new Set(allEndpoints.map((e) => e.path)).size).toBe(allEndpoints.length);
  });

  it('serves the newer paths written here as second paths, each one endpoint’s alone', () => {
    const newer = Object.fromEntries(
      allEndpoints.flatMap((e) => (e.alsoAt ? [[e.name, e.alsoAt]] : [])),
    );
    expect(newer).toEqual(pinnedNewerPaths);
    const every = allEndpoints.flatMap((e) => pathsOf(e));
    expect(new Set(every).size).toBe(every.length);
  });

  it('names the credential headers as the specification does', () => {
    expect(credentialHeaders).toEqual({
      workspaceId: 'x-svc-workspace-id',
      workspaceToken: 'x-svc-workspace-auth-token',
      apiKey: 'x-svc-api-key',
      apiKeyToken: 'x-svc-auth-token',
    });
  });
});
