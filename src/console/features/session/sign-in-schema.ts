import { z } from 'zod';
import { httpUrl } from '#contract/common';
import { sendLoginLink } from '#contract/workspace';

/** The server to talk to: empty for the service that serves this console. */
export const baseUrlSchema = z
  .string()
  .trim()
  .pipe(
    z.union([z.literal(''), httpUrl('must be an http(s) URL, such as https://api.example.com')]),
  );

/** Send Login Link's own e-mail rule; the continueUrl is the console's, not typed by the admin. */
export const loginLinkSchema = sendLoginLink.request.pick({ email: true }).extend({
  baseUrl: baseUrlSchema,
});

export type LoginLinkValues = z.output<typeof loginLinkSchema>;
