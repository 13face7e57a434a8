import { z } from 'zod';
import {
  CONTROL_CHARACTERS,
  MAX_EMAIL_LENGTH,
  MAX_ID_LENGTH,
  MAX_ITEMS_PER_CALL,
  MAX_NAME_LENGTH,
  NAME_PATTERN,
  NAME_PATTERN_MESSAGE,
} from './common';

// The rules of identifiers (issue 28). Apart from common.ts, which the console's sign-in page
// loads: these are read by the pages and calls that take ids.

/**
 * Unicode's bidirectional formatting characters (the Bidi_Control property): they reorder how the
 * text around them is shown, so one id could be shown as another (CVE-2021-42574). Names keep
 * them: a right-to-left name may need them; an identifier never does.
 */
const BIDI = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';

const unsafeInId = new RegExp(`[${CONTROL_CHARACTERS}${BIDI}]`);

/**
 * A new identifier: empty, or no edge whitespace and none of the characters above. Empty is left
 * to the length check, whose message says so. No lookaround, so that every JSON Schema validator
 * can run it.
 */
export const ID_PATTERN = new RegExp(
  `^(?:[^\\s${CONTROL_CHARACTERS}${BIDI}](?:[^${CONTROL_CHARACTERS}${BIDI}]*[^\\s${CONTROL_CHARACTERS}${BIDI}])?)?$`,
);
/** An identifier named to find stored data: empty, or no edge whitespace. */
export const ID_REFERENCE_PATTERN = /^(?:\S(?:[\s\S]*\S)?)?$/;

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
    .regex(ID_PATTERN, { error: (issue) => idProblem(issue.input) });

/** Whether a text is a valid new identifier (the palette asks this of what is typed). */
export const isId = (text: string): boolean =>
  text.length > 0 && text.length <= MAX_ID_LENGTH && ID_PATTERN.test(text);

/**
 * An identifier that must name data already stored (its absence is INVALID_ARGUMENT or an item's
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
    });

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

/** A list of identifiers of stored data (filters, deletions) that must name at least one. */
export const idRefList = (max = MAX_ITEMS_PER_CALL) =>
  z.array(idRef()).min(1, 'must not be empty').max(max, `must have at most ${max} items`);

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
    .regex(NAME_PATTERN, NAME_PATTERN_MESSAGE)
    .optional(),
  email: z
    .string()
    .max(MAX_EMAIL_LENGTH, `must be at most ${MAX_EMAIL_LENGTH} characters`)
    .optional(),
});
