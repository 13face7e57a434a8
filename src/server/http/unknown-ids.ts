import { ServiceError } from './service-error';

/**
 * The one answer to a request that names something the caller's API key does not hold:
 * INVALID_ARGUMENT with a message naming it (docs/decisions/0004-unknown-ids.md). The specification
 * gives "Failure: INVALID_ARGUMENT" for every data endpoint and keeps NOT_FOUND for the
 * workspace, an API key and an owner e-mail; the extensions answer as their siblings there do.
 * Another key's id is answered exactly as an unknown one, so that it tells nothing.
 */
const unknown = (message: string) => new ServiceError('INVALID_ARGUMENT', message);

export const unknownOrganization = (organizationId: string) =>
  unknown(`Organization ${organizationId} does not exist.`);

export const unknownFolder = (organizationId: string, folderId: string) =>
  unknown(`Folder ${folderId} does not exist in organization ${organizationId}.`);

export const unknownDocument = (organizationId: string, documentId: string) =>
  unknown(`Document ${documentId} does not exist in organization ${organizationId}.`);

export const unknownUserGroup = (organizationId: string, groupId: string) =>
  unknown(`User group ${groupId} does not exist in organization ${organizationId}.`);

export const unknownMigration = (organizationId: string, migrationId: string) =>
  unknown(`Migration ${migrationId} does not exist in organization ${organizationId}.`);

export const unknownWebhookEndpoint = (endpointId: string) =>
  unknown(`Webhook endpoint ${endpointId} does not exist.`);

export const unknownWebhookMessage = (endpointId: string, messageId: string) =>
  unknown(`Webhook message ${messageId} does not exist for endpoint ${endpointId}.`);

export const unknownDeletionJob = (jobId: string) =>
  unknown(`Data deletion job ${jobId} does not exist.`);
