/**
 * The names one area goes by in each layer, all made from its kebab-case name (`tool-runs`) and
 * the name of one of its items (`tool-run`): the contract file, the module and feature folders
 * and the page's segment are the area's name; types, tables and messages derive from the two.
 */
export interface Names {
  /** The area: `tool-runs` (contract file, module and feature folders, page segment). */
  kebab: string;
  camel: string;
  pascal: string;
  /** For endpoint names: `Tool Runs` (List Tool Runs). */
  title: string;
  /** For the navigation and the page heading: `Tool runs`. */
  label: string;
  /** In prose: `tool runs`. */
  words: string;
  /** The table: `tool_runs`. */
  snake: string;
  constant: string;
}

export interface AreaNames extends Names {
  /** One item of the area: `tool-run`. */
  item: Names;
}

const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

/**
 * Longest area name: PostgreSQL cuts identifiers at 63 bytes, and the area's longest one is its
 * table's name with `_created_idx` after it.
 */
export const MAX_NAME_LENGTH = 40;

/** Words an import namespace or a variable cannot be named (the area's camelCase name is both). */
const RESERVED = new Set(
  (
    'arguments await break case catch class const continue debugger default delete do else enum ' +
    'eval export extends false finally for function if implements import in instanceof interface ' +
    'let new null package private protected public return static super switch this throw true ' +
    'try typeof var void while with yield'
  ).split(' '),
);

function namesOf(kebab: string): Names {
  const parts = kebab.split('-');
  const cap = (part: string) => part.charAt(0).toUpperCase() + part.slice(1);
  return {
    kebab,
    camel: parts.map((part, i) => (i === 0 ? part : cap(part))).join(''),
    pascal: parts.map(cap).join(''),
    title: parts.map(cap).join(' '),
    label: cap(parts.join(' ')),
    words: parts.join(' '),
    snake: parts.join('_'),
    constant: parts.join('_').toUpperCase(),
  };
}

/** The singular of an English plural, for the common endings; undefined when it cannot tell. */
export function singularOf(plural: string): string | undefined {
  if (/[^aeiou]ies$/.test(plural)) return `${plural.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(plural)) return plural.slice(0, -2);
  if (/[^su]s$/.test(plural)) return plural.slice(0, -1);
  return undefined;
}

/** Why a name cannot be an area's or an item's name; undefined when it can. */
function nameProblem(what: string, name: string): string | undefined {
  if (!KEBAB.test(name)) {
    return `${what} "${name}" is not kebab-case: lower-case letters and digits in words joined by single hyphens, starting with a letter (such as tool-runs).`;
  }
  if (name.length > MAX_NAME_LENGTH) {
    return `${what} "${name}" is longer than ${MAX_NAME_LENGTH} characters (its table's index names would pass PostgreSQL's 63).`;
  }
  if (RESERVED.has(namesOf(name).camel)) {
    return `${what} "${name}" is a JavaScript reserved word, which cannot name its import.`;
  }
  return undefined;
}

/**
 * The names of an area, or what is wrong with the ones given. `item` is the singular; without it
 * the area's name is read as an English plural.
 */
export function areaNames(area: string, item?: string): AreaNames | { problem: string } {
  const problem = nameProblem('The area name', area);
  if (problem) return { problem };
  const singular = item ?? singularOf(area);
  if (singular === undefined) {
    return {
      problem: `Cannot tell one item of "${area}": name the area in the plural (tool-runs), or give the singular with --item <name>.`,
    };
  }
  const itemProblem = nameProblem('The item name', singular);
  if (itemProblem) return { problem: itemProblem };
  if (singular === area) {
    return { problem: `The item name must differ from the area's ("${area}").` };
  }
  return { ...namesOf(area), item: namesOf(singular) };
}
