import type { AreaNames } from './names';
import { endpointPaths } from './templates/contract';
import { editedFiles, registeredAs } from './paths';

/** A change to an existing file: a line or two where the file lists its areas. */
export interface Edit {
  file: string;
  /** The file's new text; throws when the place to add to is not where it was. */
  apply(text: string): string;
}

/** An existing file no longer has the place where the scaffold adds its line. */
export class AnchorMissing extends Error {}

/** The index of `anchor` in `text` at or after `from`, or a failure that names what moved. */
function find(text: string, anchor: string, file: string, from = 0): number {
  const at = text.indexOf(anchor, from);
  if (at < 0) {
    throw new AnchorMissing(
      `${file} no longer contains ${JSON.stringify(anchor)}: update scripts/new-area/edits.ts to where the file lists its areas now.`,
    );
  }
  return at;
}

/** Adds `line` (and its line break) just before the end of the block that `opening` begins. */
function addToBlock(file: string, opening: string, end: string, line: string) {
  return (text: string): string => {
    const at = find(text, end, file, find(text, opening, file));
    return `${text.slice(0, at)}\n${line}${text.slice(at)}`;
  };
}

/**
 * Adds an import line among the file's imports that match `like`, in the order of their
 * specifiers (as the files keep them), or after the last of them.
 */
function addImport(file: string, like: RegExp, line: string, specifier: string) {
  return (text: string): string => {
    const lines = text.split('\n');
    const matching = lines.flatMap((l, index) => {
      const found = like.exec(l);
      return found?.[1] === undefined ? [] : [{ index, specifier: found[1] }];
    });
    const last = matching.at(-1);
    if (last === undefined) throw new AnchorMissing(`${file} has no import like ${String(like)}.`);
    const next = matching.find((m) => m.specifier.localeCompare(specifier) > 0);
    lines.splice(next?.index ?? last.index + 1, 0, line);
    return lines.join('\n');
  };
}

const chain =
  (...steps: ((text: string) => string)[]) =>
  (text: string) =>
    steps.reduce((current, step) => step(current), text);

/** An object key as TypeScript writes it: quoted when it is not an identifier. */
const key = (name: string) => (/^[a-z][a-z0-9]*$/i.test(name) ? name : `'${name}'`);

interface Registration {
  /** The file's imports of its areas; the first group is the specifier. */
  like: RegExp;
  binding: string;
  specifier: string;
  /** The line that opens the file's list of areas, closed by `};`. */
  opening: string;
  entry: string;
}

/** An import of the area's file and its entry in a file's list of areas. */
function registration(file: string, r: Registration): Edit {
  return {
    file,
    apply: chain(
      addImport(file, r.like, `import ${r.binding} from '${r.specifier}';`, r.specifier),
      addToBlock(file, r.opening, '\n};', r.entry),
    ),
  };
}

/** The lines that register the area where the project lists its areas. */
export function editsFor(n: AreaNames): Edit[] {
  const f = editedFiles;
  return [
    {
      file: f.areaRegistry,
      apply: addToBlock(
        f.areaRegistry,
        'export const areaRegistry = {',
        '\n} as const satisfies',
        `  ${key(n.kebab)}: { keyPages: [{ segment: '${n.kebab}', label: '${n.label}' }] },`,
      ),
    },
    registration(f.endpointList, {
      like: /^import \* as \w+ from '(\.\/[^']+)';$/,
      binding: `* as ${n.camel}`,
      specifier: registeredAs.contractFromEndpointList(n.kebab),
      opening: 'const areaFiles: Record<Area, readonly EndpointFile[]> = {',
      entry: `  ${key(n.kebab)}: [${n.camel}],`,
    }),
    registration(f.sampleList, {
      like: /^import .* from '(\.\/[^']+)';$/,
      binding: `{ ${n.camel}Cases }`,
      specifier: registeredAs.samplesFromSampleList(n.kebab),
      opening: 'export const dataCases: Record<string, RequestCases> = {',
      entry: `  ...${n.camel}Cases,`,
    }),
    registration(f.serviceModules, {
      like: /^import \{ \w+Module \} from '(\.\/modules\/[^']+)';$/,
      binding: `{ ${n.camel}Module }`,
      specifier: registeredAs.moduleFromServiceModules(n.kebab),
      opening: 'export const serviceModules: Record<Area, ServiceModule> = {',
      entry: `  ${key(n.kebab)}: ${n.camel}Module,`,
    }),
    {
      file: f.drizzleConfig,
      apply: addToBlock(
        f.drizzleConfig,
        'schema: [',
        '\n  ],',
        `    '${registeredAs.tableFromDrizzleConfig(n.kebab)}',`,
      ),
    },
    {
      file: f.auditWrites,
      apply: chain(
        addToBlock(
          f.auditWrites,
          'const WRITES: Record<string, WriteCall> = {',
          '\n};',
          `  'Add ${n.title}': { data: () => sample('Add ${n.title}') },`,
        ),
        addToBlock(f.auditWrites, 'const READS = new Set([', '\n]);', `  'List ${n.title}',`),
      ),
    },
    {
      file: f.endpointPaths,
      apply: addToBlock(
        f.endpointPaths,
        'const pinnedPaths: Record<string, string> = {',
        '\n};',
        `  'List ${n.title}': '${endpointPaths(n).list}',\n  'Add ${n.title}': '${endpointPaths(n).add}',`,
      ),
    },
    {
      file: f.navigationTest,
      apply: addToBlock(
        f.navigationTest,
        'const listed = dataPages.map((area) => [area.segment, area.label]);\n    expect(listed).toEqual([',
        '\n    ]);',
        `      ['${n.kebab}', '${n.label}'],`,
      ),
    },
  ];
}
