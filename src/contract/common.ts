import { z } from 'zod';

/** A required identifier: a non-empty string. */
export const id = () => z.string().trim().min(1, 'must not be empty');

/** `data` of an endpoint that takes no fields: absent or an empty object. */
export const noFields = z.object({}).optional();

export const emailSchema = z.email('must be a valid e-mail address').max(320);

export const httpUrl = (message = 'must be a valid http(s) URL') =>
  z.url({ protocol: /^https?$/, error: message });

export const userSchema = z.object({
  userId: id(),
  name: z.string().optional(),
  email: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** Result of one item of a multi-item operation. */
export const itemResult = z.object({ success: z.boolean(), message: z.string() });

export const itemResultWithId = itemResult.extend({ id: z.string() });

export const itemResultMap = <T extends z.ZodType>(value: T) => z.record(z.string(), value);
