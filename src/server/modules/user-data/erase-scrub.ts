/** What stands where an erased user's name was, in other users' data. */
export const ERASED_USER_NAME = 'Deleted user';

/** The erased user: the id their user objects carry, and the names and e-mails ever stored. */
export interface ErasedIdentity {
  userId: string;
  /** Names and e-mails of the user, as found in any row of the organization. */
  strings: ReadonlySet<string>;
  /** E-mails alone: replaced wherever they appear inside a longer string. */
  emails: readonly string[];
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const isObject = (v: Json): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const isUserOf = (v: Json, userId: string) => isObject(v) && v.userId === userId;

function scrubString(value: string, who: ErasedIdentity): string {
  if (who.strings.has(value)) return ERASED_USER_NAME;
  let out = value;
  for (const email of who.emails) out = out.replaceAll(email, ERASED_USER_NAME);
  return out;
}

/**
 * Other users' JSON without the erased user: their user objects leave lists (mention lists,
 * notify lists), a user object elsewhere (a template's `{actionUser}`) keeps only its id under
 * the anonymous name, and a string that is one of their names or e-mails becomes that name.
 * E-mails are also replaced inside longer strings; names are not, since a short name is a part
 * of many words. Pure and idempotent: scrubbing twice gives the same value.
 */
export function scrubJson(value: Json, who: ErasedIdentity): Json {
  if (typeof value === 'string') return scrubString(value, who);
  if (Array.isArray(value)) {
    return value.filter((v) => !isUserOf(v, who.userId)).map((v) => scrubJson(v, who));
  }
  if (!isObject(value)) return value;
  if (isUserOf(value, who.userId)) {
    // Already anonymised (jsonb may have reordered its keys): left as it is.
    const keys = Object.keys(value).sort().join();
    if (keys === 'name,userId' && value.name === ERASED_USER_NAME) return value;
    return { userId: who.userId, name: ERASED_USER_NAME };
  }
  const out: { [key: string]: Json } = {};
  for (const [key, v] of Object.entries(value)) out[key] = scrubJson(v, who);
  return out;
}

/** The scrubbed JSON text of a column, or undefined when the erased user is not in it. */
export function scrubbedText(text: string | null, who: ErasedIdentity): string | undefined {
  if (text === null) return undefined;
  const after = JSON.stringify(scrubJson(JSON.parse(text) as Json, who));
  return after === JSON.stringify(JSON.parse(text)) ? undefined : after;
}

/**
 * Substrings whose presence in a row's JSON text makes it worth parsing (id, names, e-mails), as
 * a JSON array for the database.
 */
export function needles(who: ErasedIdentity): string {
  const raw = [who.userId, ...who.strings];
  // As they appear inside JSON text: escaped the way a JSON string is.
  return JSON.stringify(raw.map((s) => JSON.stringify(s).slice(1, -1)));
}
