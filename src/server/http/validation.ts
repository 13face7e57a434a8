import { z } from 'zod';
import { fastCheck, unsure } from './request-fast-path';
import { invalidArgument } from './service-error';

type Issue = z.core.$ZodIssue;
type RawIssue = z.core.$ZodRawIssue;

function describeType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Messages for the checks whose schema gives none. They are fragments ("must be …"), like the ones
 * the contract writes, so that the field path can stand in front of every one of them.
 */
function fragment(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'is required'
        : `must be ${issue.expected === 'array' || issue.expected === 'object' ? 'an' : 'a'} ${issue.expected}, not ${describeType(issue.input)}`;
    case 'unrecognized_keys':
      return `has unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return `must be one of: ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'array'
        ? `must have at least ${String(issue.minimum)} item${issue.minimum === 1 ? '' : 's'}`
        : issue.origin === 'string'
          ? `must be at least ${String(issue.minimum)} characters`
          : `must be at least ${String(issue.minimum)}`;
    case 'too_big':
      return issue.origin === 'array'
        ? `must have at most ${String(issue.maximum)} items`
        : issue.origin === 'string'
          ? `must be at most ${String(issue.maximum)} characters`
          : `must be at most ${String(issue.maximum)}`;
    default:
      return undefined;
  }
}

function label(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    'data',
  );
}

/**
 * A message that names the field. The contract writes two kinds of message: fragments in lower
 * case ("must not be empty"), which get the field in front, and whole sentences that the
 * specification gives word for word ("Invalid url for continueUrl", "url must be a valid http(s)
 * URL."), which already name what is wrong and are kept as they are.
 */
export function describeIssue(issue: Issue): string {
  const field = issue.path.at(-1);
  const namesItsField = typeof field === 'string' && issue.message.startsWith(`${field} `);
  return /^[a-z]/.test(issue.message) && !namesItsField
    ? `${label(issue.path)} ${issue.message}`
    : issue.message;
}

const parseOptions = { error: fragment };

export function parseRequest<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input, parseOptions);
  if (!result.success) throw invalidArgument(describeIssue(result.error.issues[0] as Issue));
  return result.data;
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/**
 * A parser for one request schema. Most reads send `{}` or nothing, and walking the schema for that
 * costs as much as the rest of a cached read; where the schema's answer to an empty request is
 * itself empty (no defaults to fill in), that answer is given without the walk.
 */
export function requestParser<T extends z.ZodType>(schema: T): (input: unknown) => z.output<T> {
  const nothing = schema.safeParse(undefined, parseOptions);
  const empty = schema.safeParse({}, parseOptions);
  const nothingIsNothing = nothing.success && nothing.data === undefined;
  const emptyIsEmpty = empty.success && isEmptyObject(empty.data);
  // Walking a write's schema cost it ~20 µs of ~400 in its profile (issue 33): a request of the
  // common shapes is checked by a function made once; any other, and every refusal, is zod's.
  const fast = fastCheck(schema);
  return (input) => {
    if (input === undefined && nothingIsNothing) return undefined as z.output<T>;
    if (emptyIsEmpty && isEmptyObject(input)) return {} as z.output<T>;
    if (fast) {
      const output = fast(input);
      if (output !== unsure) return output as z.output<T>;
    }
    return parseRequest(schema, input);
  };
}
