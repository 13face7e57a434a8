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
const CONTROL = '\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029';

/**
 * Unicode's bidirectional formatting characters (the Bidi_Control property): they reorder how the
 * text around them is shown, so one id could be shown as another (CVE-2021-42574). Names keep
 * them: a right-to-left name may need them; an identifier never does.
 */
const BIDI = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

const unsafeInId = new RegExp(`[${CONTROL}${BIDI}]`);
const unsafeInName = new RegExp(`[${CONTROL}]`);

/**
 * A new identifier: empty, or no edge whitespace and none of the characters above. Empty is left
 * to the length check, whose message says so. No lookaround, so that every JSON Schema validator
 * can run it.
 */
export const ID_PATTERN = new RegExp(
  `^(?:[^\\s${CONTROL}${BIDI}](?:[^${CONTROL}${BIDI}]*[^\\s${CONTROL}${BIDI}])?)?$`,
);
/** An identifier named to find stored data: empty, or no edge whitespace. */
export const ID_REFERENCE_PATTERN = /^(?:\S(?:[\s\S]*\S)?)?$/;
/** A name: none of the control characters (its edges are trimmed). */
export const NAME_PATTERN = new RegExp(`^[^${CONTROL}]*$`);

const codePoint = (character: string) =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Why a value that failed ID_PATTERN is not an identifier, naming the character at fault. */
function idProblem(input: unknown): string {
  const value = typeof input === 'string' ? input : '';
  // Only spaces: what it lacks is an id, as ids were trimmed before they were refused.
  if (value.trim() === '') return 'must not be empty';
  const bad = unsafeInId.exec(value);
  if (bad) {
    return `must not contain control or bidirectional formatting characters (${codePoint(bad[0])} at character ${bad.index + 1})`;
  }
  return 'must not begin or end with whitespace';
}

function nameProblem(input: unknown): string {
  const value = typeof input === 'string' ? input : '';
  const bad = unsafeInName.exec(value);
  return `must not contain control characters such as a tab or a line break (${codePoint(bad?.[0] ?? '\u0000')} at character ${(bad?.index ?? 0) + 1})`;
}

/** The rule of a new identifier in words: the OpenAPI document and the console's reference show it. */
export const ID_RULE = `An identifier the caller chooses: 1 to ${MAX_ID_LENGTH} characters, any text but control characters (U+0000–U+001F, U+007F–U+009F), the line and paragraph separators U+2028 and U+2029 and the bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), and not beginning or ending with whitespace. Spaces, commas, slashes and URL characters (: ? # % &) inside are kept: an id is always one exact value, compared whole.`;

/** The rule of an identifier that names stored data, in words. */
export const ID_REFERENCE_RULE = `An identifier of stored data: 1 to ${MAX_ID_LENGTH} characters, not beginning or ending with whitespace, compared whole. Control characters are accepted here (not in a new id) so that data stored before the rule stays reachable.`;

/**
 * A new identifier: the id of something a call creates, or an id a write may store for the first
 * time (the organization or document of feature data that need not exist yet, a user named in
 * data). At most MAX_ID_LENGTH characters, not blank, not beginning or ending with whitespace, and
 * without control or bidirectional formatting characters: everything else the hosted product
 * accepts stays accepted, URL-like ids (`https://example.com/a b?x=1#top`) included. Edges are
 * refused rather than trimmed: the id stored is the id sent.
 */
export const id = (max = MAX_ID_LENGTH) =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(max, `must be at most ${max} characters`)
    .regex(ID_PATTERN, { error: (issue) => idProblem(issue.input) })
    .describe(
      max === MAX_ID_LENGTH ? ID_RULE : ID_RULE.replace(`1 to ${MAX_ID_LENGTH}`, `1 to ${max}`),
    );

/** Whether a text is a valid new identifier (the palette asks this of what is typed). */
export const isId = (text: string): boolean =>
  text.length > 0 && text.length <= MAX_ID_LENGTH && ID_PATTERN.test(text);

/**
 * An identifier that must name data already stored (its absence is NOT_FOUND or an item's
 * failure): reads, filters, deletions, exports, erasures, updates of stored records, a migration's
 * source. It accepts every id an earlier version could store: ids were trimmed and at most
 * MAX_ID_LENGTH characters before the rule of `id()`, but could hold control characters, so these
 * are accepted here and such data stays reachable and erasable.
 */
export const idRef = () =>
  z
    .string()
    .min(1, 'must not be empty')
    .max(MAX_ID_LENGTH, `must be at most ${MAX_ID_LENGTH} characters`)
    .regex(ID_REFERENCE_PATTERN, {
      error: (issue) =>
        typeof issue.input === 'string' && issue.input.trim() === ''
          ? 'must not be empty'
          : 'must not begin or end with whitespace',
    })
    .describe(ID_REFERENCE_RULE);

/**
 * The organization or document a write puts data in: a stored one (the field takes idRef()), or a
 * new one when the call asks to create it (`createOrganization: true`), and then the rule of new
 * ids applies, so that no call creates what a new id may not be.
 */
export const newIdWhen =
  <K extends string, F extends string>(field: K, flag: F) =>
  <V extends { [P in K]: string } & { [P in F]?: boolean | undefined }>(
    value: V,
    ctx: z.RefinementCtx<V>,
  ): void => {
    const given = value[field];
    if (value[flag] !== true || ID_PATTERN.test(given)) return;
    ctx.addIssue({
      code: 'custom',
      message: `${idProblem(given)}, as the id of what ${flag} creates`,
      path: [field],
      input: given,
    });
  };

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
    .regex(NAME_PATTERN, { error: (issue) => nameProblem(issue.input) })
    .describe(
      `A name: trimmed, 1 to ${max} characters, without control characters (U+0000–U+001F, U+007F–U+009F) or the line and paragraph separators U+2028 and U+2029.`,
    );

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
 * A user as a request names one (the author of a comment, a notification's recipients …): the id
 * may be new to the service, so it takes the rule of new ids; the name is shown, so it may be
 * empty but holds no control character.
 */
export const userSchema = z.object({
  userId: id(),
  name: z
    .string()
    .trim()
    .max(MAX_NAME_LENGTH, `must be at most ${MAX_NAME_LENGTH} characters`)
    .regex(NAME_PATTERN, { error: (issue) => nameProblem(issue.input) })
    .optional(),
  email: z
    .string()
    .max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`)
    .optional(),
});

/**
 * A user as an answer carries one: whatever was stored, also by a version before today's rules
 * (an answer the console could not parse would hide the data the rules now keep out).
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

/** A list of identifiers of stored data (filters, deletions) that must name at least one. */
export const idRefList = (max = MAX_ITEMS_PER_CALL) =>
  z.array(idRef()).min(1, 'must not be empty').max(max, `must have at most ${max} items`);

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
