import { z } from 'zod';
import { idRef } from '#contract/ids';
import { baseUrlSchema } from './sign-in-schema';

// Apart from sign-in-schema.ts, which the sign-in page loads first: only the token form (loaded
// when chosen) reads the id rules.

/**
 * The workspace credentials travel in headers, not in a request body, so the contract has no
 * schema for them; the field rules are the contract's own (`idRef`: they name what exists,
 * `httpUrl`). The form trims what is pasted (contractResolver).
 */
export const signInSchema = z.object({
  baseUrl: baseUrlSchema,
  workspaceId: idRef(),
  workspaceToken: idRef(),
});

export type SignInValues = z.output<typeof signInSchema>;
