import { z } from 'zod';
import { httpUrl, id } from '../../../contract/common';

/**
 * The workspace credentials travel in headers, not in a request body, so the contract has no
 * schema for them; the field rules are the contract's own (`id`, `httpUrl`).
 */
export const signInSchema = z.object({
  baseUrl: z
    .string()
    .trim()
    .pipe(
      z.union([z.literal(''), httpUrl('must be an http(s) URL, such as https://api.example.com')]),
    ),
  workspaceId: id(),
  workspaceToken: id(),
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignInValues = z.output<typeof signInSchema>;
