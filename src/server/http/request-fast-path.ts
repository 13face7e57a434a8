import type { z } from 'zod';

/** What a fast check answers when it cannot vouch for an input: the schema itself then decides. */
export const unsure = Symbol('unsure');

/** The output of a schema for an input, or `unsure`. */
type Check = (input: unknown) => unknown;

/** The parts of a zod schema's definition the fast checks read (zod 4's `_zod.def`). */
interface Def {
  type: string;
  innerType?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  checks?: readonly { _zod: { def: CheckDef } }[];
  entries?: Record<string, unknown>;
  coerce?: boolean;
}

interface CheckDef {
  type?: string;
  check?: string;
  fn?: (value: unknown) => unknown;
  [key: string]: unknown;
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The keys of a refinement's definition that a plain `refine(fn, message)` has, and no more. */
const plainRefinement = new Set(['type', 'check', 'fn', 'error', 'abort']);

/**
 * An object's refinements as one function that says whether its output passes them all: only
 * plain, synchronous `refine(fn)` checks (no `when`, no path, no other kind), else undefined.
 */
function refinementsOf(def: Def): ((value: unknown) => boolean) | undefined {
  const fns: ((value: unknown) => unknown)[] = [];
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    const fn = c.fn;
    if (c.check !== 'custom' || typeof fn !== 'function') return undefined;
    if (Object.keys(c).some((key) => !plainRefinement.has(key))) return undefined;
    fns.push(fn);
  }
  return (value) => {
    try {
      return fns.every((fn) => fn(value) === true);
    } catch {
      // zod's parse meets the same throw: its answer is the one given.
      return false;
    }
  };
}

function objectCheck(def: Def): Check | undefined {
  const shape = def.shape;
  if (!shape) return undefined;
  const catchall = def.catchall && defOf(def.catchall).type;
  // Strict (unknown keys refused) or stripped (unknown keys dropped); a passthrough keeps them.
  if (catchall !== undefined && catchall !== 'never') return undefined;
  const strict = catchall === 'never';
  const refined = refinementsOf(def);
  if (!refined) return undefined;
  const fields = Object.entries(shape).map(([key, field]) => {
    const fieldDef = defOf(field);
    const optional = fieldDef.type === 'optional';
    const inner = optional && fieldDef.innerType ? fieldDef.innerType : field;
    return { key, optional, check: fastCheck(inner) };
  });
  return (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return unsure;
    const value = input as Record<string, unknown>;
    if (strict) for (const key in value) if (!Object.hasOwn(shape, key)) return unsure;
    // As zod answers: a new object with the given fields, in the shape's order.
    const output: Record<string, unknown> = {};
    for (const { key, optional, check } of fields) {
      if (!Object.hasOwn(value, key)) {
        if (optional) continue;
        return unsure;
      }
      const parsed = check ? check(value[key]) : unsure;
      if (parsed === unsure || parsed === undefined) return unsure;
      output[key] = parsed;
    }
    return refined(output) ? output : unsure;
  };
}

/**
 * A check for the shapes most write requests have (objects of booleans, strings without checks,
 * enums of strings, nested such objects, under an optional or a prefault) that answers what the
 * schema's parse answers for an input it accepts, without walking the schema: or `unsure`, for
 * any input it does not vouch for (then zod parses it, so refusals and their messages are zod's
 * own). Undefined for a schema outside those shapes.
 */
export function fastCheck(schema: z.ZodType): Check | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case 'boolean':
      return def.coerce ? undefined : (input) => (typeof input === 'boolean' ? input : unsure);
    case 'string':
      return def.coerce || (def.checks?.length ?? 0) > 0
        ? undefined
        : (input) => (typeof input === 'string' ? input : unsure);
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      if (values.length === 0 || values.some((v) => typeof v !== 'string')) return undefined;
      const allowed = new Set(values);
      return (input) => (allowed.has(input) ? input : unsure);
    }
    case 'prefault': {
      // An absent value gets the prefault, which zod parses: left to zod.
      const inner = def.innerType && fastCheck(def.innerType);
      return inner && ((input) => (input === undefined ? unsure : inner(input)));
    }
    case 'object':
      return objectCheck(def);
    default:
      return undefined;
  }
}
