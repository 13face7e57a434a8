import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve('.');
/** The documents a reader of a fresh clone opens: the README and everything under docs/. */
const documents = [
  'README.md',
  ...readdirSync('docs', { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join('docs', name)),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(file: string): Set<string> {
  const found = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutCodeBlocks(readFileSync(file, 'utf8')).matchAll(
    /^#{1,6}\s+(.+)$/gm,
  )) {
    const base = slug(heading ?? '');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  return found;
}

function withoutCodeBlocks(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** Link and image targets (Markdown and HTML) that name no scheme: files of this repository. */
function localTargets(text: string): string[] {
  const prose = withoutCodeBlocks(text);
  const targets = [
    ...[...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]),
    ...[...prose.matchAll(/\b(?:src|href)="([^"]+)"/g)].map((m) => m[1]),
  ];
  return targets.filter((t): t is string => !!t && !/^[a-z][a-z+.-]*:/i.test(t));
}

/** Paths in code spans that climb out of the document's folder (`../…`). */
function climbingPaths(text: string): string[] {
  return [...withoutCodeBlocks(text).matchAll(/`(\.\.\/[^`\s]+)`/g)].flatMap((m) =>
    m[1] ? [m[1]] : [],
  );
}

/** What is wrong with a reference from `file` to `target`, or undefined when it holds. */
function brokenReference(file: string, target: string): string | undefined {
  const [path = '', fragment] = target.split('#', 2);
  const resolved = path ? resolve(dirname(file), decodeURI(path)) : resolve(file);
  if (resolved !== root && !resolved.startsWith(root + sep)) {
    return 'is outside the repository: a clone does not have it';
  }
  if (!existsSync(resolved)) return `names ${relative(root, resolved)}, which the repository lacks`;
  if (fragment && statSync(resolved).isFile() && resolved.endsWith('.md')) {
    if (!anchors(resolved).has(fragment)) return `has no heading for #${fragment}`;
  }
  return undefined;
}

describe('the README and docs/', () => {
  it.each(documents)('%s links only files the repository holds', (file) => {
    const text = readFileSync(file, 'utf8');
    const broken = [...localTargets(text), ...climbingPaths(text)].flatMap((target) => {
      const problem = brokenReference(file, target);
      return problem ? [`${target} ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });
});
