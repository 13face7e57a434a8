import { z } from 'zod';

/**
 * Longest identifier a caller may choose. Identifiers are keys of database indexes, several in one
 * key (organization, document, annotation …); at this length a key of four stays well under
 * PostgreSQL's limit for an index row (about 2.7 kB) even in 4-byte characters.
 */
export const MAX_ID_LENGTH = 128;

/** Longest name (the specification's bound on a workspace's and its owner's names). */
export const MAX_NAME_LENGTH = 200;

/**
 * Characters that break a line or stand for none: Unicode's control characters (C0 U+0000–U+001F,
 * DEL U+007F, C1 U+0080–U+009F: tab, line feed, escape …) and the line and paragraph separators
 * U+2028 and U+2029. Such a character cannot be shown on one line, nor typed into a search box
 * that takes one value a line. Written as escapes so that JSON Schema carries them readably.
 */
export const CONTROL_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';

/** A name: none of the control characters (its edges are trimmed). */
export const NAME_PATTERN = new RegExp(`^[^${CONTROL_CHARACTERS}]*$`);

/** What a name holding one of them is told (ids name the character; names stay small here). */
export const NAME_PATTERN_MESSAGE =
  'must not contain control characters such as a tab or a line break';

/**
 * A name shown to people (of an organization, a folder, a document, a user, an API key …): trimmed,
 * 1 to `max` characters, without control characters or line separators, so that it is shown on
 * one line as it was typed.
 */
export const nameSchema = (max = MAX_NAME_LENGTH, emptyMessage = 'must not be empty') =>
  z
    .string()
    .trim()
    .min(1, emptyMessage)
    .max(max, `must be at most ${max} characters`)
    .regex(NAME_PATTERN, NAME_PATTERN_MESSAGE);

/** Page tokens the service hands out are far shorter; a longer one cannot be one of them. */
export const MAX_PAGE_TOKEN_LENGTH = 2000;

/** A page token from a previous answer, passed back as it was. */
export const pageTokenSchema = () =>
  z
    .string()
    .min(1, 'must not be empty when given')
    .max(MAX_PAGE_TOKEN_LENGTH, `must be at most ${MAX_PAGE_TOKEN_LENGTH} characters`);

/** The range of date-times a request may carry; PostgreSQL cannot store a year 0, for one. */
export const MIN_DATE_TIME = '1970-01-01T00:00:00.000Z';
export const MAX_DATE_TIME = '9999-12-31T23:59:59.999Z';

/** An ISO 8601 date-time with an offset, between MIN_DATE_TIME and MAX_DATE_TIME. */
export const isoDateTime = () =>
  z.iso
    .datetime({
      offset: true,
      error: 'must be an ISO 8601 date-time, such as 2024-05-01T10:00:00.000Z',
    })
    .refine(
      (v) => {
        const at = Date.parse(v);
        return at >= Date.parse(MIN_DATE_TIME) && at <= Date.parse(MAX_DATE_TIME);
      },
      { error: `must be between ${MIN_DATE_TIME} and ${MAX_DATE_TIME}` },
    );

/** `data` of an endpoint that takes no fields: absent or an empty object. */
export const noFields = z.object({}).optional();

/**
 * A message for a format check that leaves the missing-field case to the default "is required":
 * a schema-level message would otherwise also replace that one.
 */
export const formatError = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? undefined : message;

export const emailSchema = z
  .email({ error: formatError('must be a valid e-mail address') })
  .max(320);

export const httpUrl = (message = 'must be a valid http(s) URL') =>
  z.url({ protocol: /^https?$/, error: message });

export const MAX_EMAIL_LENGTH = 320;

/**
 * A user as an answer carries one: whatever was stored, also by a version before today's rules
 * (an answer the console could not parse would hide the data the rules now keep out). It takes
 * no id rule, so it lives here rather than beside the request's `userSchema` in ids.ts, which
 * imports this file.
 */
export const storedUserSchema = z.object({
  userId: z.string(),
  name: z.string().optional(),
  email: z.string().optional(),
});

export type User = z.infer<typeof storedUserSchema>;

/** Result of one item of a multi-item operation. */
export const itemResult = z.object({ success: z.boolean(), message: z.string() });

export const itemResultWithId = itemResult.extend({ id: z.string() });

export const itemResultMap = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

/**
 * Items or identifiers one call may carry. The specification gives no bound; one keeps a single
 * atomic write (DESIGN.md: all valid items or nothing) to a transaction of reasonable size.
 */
export const MAX_ITEMS_PER_CALL = 1000;

/** Largest page a caller may ask for where the specification gives no bound (Get Users' default). */
export const MAX_PAGE_SIZE = 1000;

/** A list of items to create or change in one call. */
export const itemList = <T extends z.ZodType>(item: T, max = MAX_ITEMS_PER_CALL) =>
  z.array(item).min(1, 'must not be empty').max(max, `must have at most ${max} items`);

export const pageSize = (max = MAX_PAGE_SIZE) =>
  z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`);

/** Timestamps of the collaboration data are epoch milliseconds, as the specification's Folder has. */
export const epochMs = z.number().int('must be a whole number').min(0, 'must not be negative');

/** The access types a document (and the default of an API key) can have. */
export const accessTypeSchema = z.enum(['public', 'restricted', 'organizationPrivate']);
export type AccessType = z.infer<typeof accessTypeSchema>;

/** Free-form JSON object that the service stores and hands back untouched. */
export const jsonObject = z.record(z.string(), z.unknown());

/** True when an update carries at least one field with a value. */
export const hasAnyField = (value: object): boolean =>
  Object.values(value).some((v) => v !== undefined);

export const atLeastOneFieldMessage = 'At least one field must be provided for update';

/**
 * Documents are identified inside an organization, so a document filter or reference without its
 * organization is ambiguous.
 */
export const documentNeedsOrganization = {
  check: (value: { documentId?: string | undefined; organizationId?: string | undefined }) =>
    value.documentId === undefined || value.organizationId !== undefined,
  params: { error: 'requires organizationId', path: ['documentId'] },
};

/** Rejects a list whose items repeat a key, because the answer is a map keyed by that key. */
export const uniqueBy =
  <T>(key: (item: T) => string | undefined, what = 'id') =>
  (items: readonly T[], ctx: z.RefinementCtx<T[]>): void => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      if (k === undefined) return;
      if (seen.has(k)) {
        ctx.addIssue({
          code: 'custom',
          message: `repeats the ${what} ${k}`,
          path: [index],
          input: item,
        });
      }
      seen.add(k);
    });
  };
