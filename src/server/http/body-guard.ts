/**
 * Checks of a request body that no contract schema can make, because they concern the JSON text
 * itself or every string in it whatever its field: how deep it nests, characters PostgreSQL cannot
 * store, and keys that are prototype names in JavaScript.
 */

/** Arrays and objects nested deeper than this are refused before the body is parsed or walked. */
export const MAX_BODY_DEPTH = 32;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * True when the JSON text nests arrays and objects deeper than `max`. A scan of the text, without
 * parsing or recursion, so that a body of a few thousand brackets costs a loop and not a stack.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACKET || c === OPEN_BRACE) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === CLOSE_BRACKET || c === CLOSE_BRACE) {
      depth -= 1;
    }
  }
  return false;
}

/** A UTF-16 surrogate that is not half of a pair: JSON allows it escaped, UTF-8 and jsonb do not. */
const loneSurrogate = /\p{Cs}/u;

function badString(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain the character U+0000';
  if (loneSurrogate.test(value)) return 'must not contain a lone UTF-16 surrogate';
  return undefined;
}

function label(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path === '' ? key : `${path}.${key}`;
}

/**
 * The first problem in a parsed body, as a message that names its field, or undefined. Walks with
 * an explicit stack (the depth is bounded before this runs, but a stack costs nothing either way).
 * Strings may not hold U+0000 or a lone surrogate (PostgreSQL text and jsonb refuse both, which
 * would otherwise fail a write halfway); no key may be `__proto__`, which a JavaScript object
 * cannot carry as data and would silently drop.
 */
export function findBodyProblem(body: unknown): string | undefined {
  const stack: [value: unknown, path: string][] = [[body, '']];
  while (stack.length > 0) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      const problem = badString(value);
      if (problem) return `${path || 'The request body'} ${problem}.`;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push([value[i], label(path, i)]);
    } else if (typeof value === 'object' && value !== null) {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i] as string;
        const field = label(path, key);
        if (key === '__proto__') return `${field} is not an allowed field name.`;
        const problem = badString(key);
        if (problem) return `${path || 'The request body'} has a field name that ${problem}.`;
        stack.push([(value as Record<string, unknown>)[key], field]);
      }
    }
  }
  return undefined;
}

/**
 * Whether the JSON text can hold anything `findBodyProblem` refuses: U+0000 and lone surrogates
 * only arrive as `\u` escapes (raw ones are not valid JSON or not valid UTF-8), and `__proto__`
 * either literally or escaped. Most bodies have neither, and skip the walk.
 */
export function mayHoldProblem(text: string): boolean {
  return text.includes('\\u') || text.includes('__proto__');
}
