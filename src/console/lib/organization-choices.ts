import { getOrganizations } from '#contract/organizations';
import { call } from './api';
import type { ApiKeyCredentials } from './api-key';
import { keyQueryOptions } from './key-query';

/** How many organizations a picker offers; others are reached by typing their ID elsewhere. */
export const ORGANIZATION_CHOICES = 100;

/**
 * The first organizations of a key, for the pickers of the pages that work in one organization.
 * Under the organizations area's key (`['organizations', apiKeyId]`), so that adding or deleting
 * one refreshes every picker.
 */
export const organizationChoices = (apiKey: ApiKeyCredentials) =>
  keyQueryOptions(
    ['organizations', apiKey.id, 'choices'] as const,
    async (signal) =>
      (await call(getOrganizations, { pageSize: ORGANIZATION_CHOICES }, { apiKey, signal })).data,
  );
