import { z } from 'zod';
import { httpUrl, idRef } from '../../../contract/common';
import { sendLoginLink } from '../../../contract/workspace';

/** The server to talk to: empty for the service that serves this console. */
export const baseUrlSchema = z
  .string()
  .trim()
  .pipe(
    z.union([z.literal(''), httpUrl('must be an http(s) URL, such as https://api.example.com')]),
  );

/**
 * The workspace credentials travel in headers, not in a request body, so the contract has no
 * schema for them; the field rules are the contract's own (`idRef`: they name what exists,
 * `httpUrl`). The form trims what is pasted (trimmingValues).
 */
export const signInSchema = z.object({
  baseUrl: baseUrlSchema,
  workspaceId: idRef(),
  workspaceToken: idRef(),
});

export type SignInValues = z.output<typeof signInSchema>;

/** Send Login Link's own e-mail rule; the continueUrl is the console's, not typed by the admin. */
export const loginLinkSchema = sendLoginLink.request.pick({ email: true }).extend({
  baseUrl: baseUrlSchema,
});

export type LoginLinkValues = z.output<typeof loginLinkSchema>;
