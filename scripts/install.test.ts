import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

interface Manifest {
  engines: { node: string };
  allowScripts?: Record<string, boolean>;
}

interface Locked {
  version: string;
  engines?: { node?: string } | string[];
  hasInstallScript?: boolean;
}

const manifest = JSON.parse(readFileSync('package.json', 'utf8')) as Manifest;
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, Locked>;
};
/** Every installed package by its name as npm prints it (`name@version`), the root left out. */
const installed = Object.entries(lock.packages)
  .filter(([path]) => path !== '')
  .map(([path, entry]) => ({
    name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length),
    ...entry,
  }));

// npm warns EBADENGINE for a package whose engines exclude the Node that installs it: every Node
// that package.json admits must be admitted by every package of the lock, or `npm ci` is not clean.
it('locks only packages whose engines admit every Node version package.json admits', () => {
  const admitted = manifest.engines.node;
  const excluding = installed.flatMap(({ name, version, engines }) => {
    const node = engines && !Array.isArray(engines) ? engines.node : undefined;
    return node && !semver.subset(admitted, node) ? [`${name}@${version} wants node ${node}`] : [];
  });
  expect(excluding).toEqual([]);
});

// npm 11 runs a dependency's install script only when allowScripts approves it, and warns about
// every one it has no entry for: each must have been reviewed, approved or denied.
it('has an allowScripts entry for every locked package with an install script', () => {
  const entries = Object.keys(manifest.allowScripts ?? {});
  const covered = (name: string, version: string) =>
    entries.some((entry) => entry === name || entry === `${name}@${version}`);
  const unreviewed = installed
    .filter((p) => p.hasInstallScript && !covered(p.name, p.version))
    .map((p) => `${p.name}@${p.version}`);
  expect(unreviewed).toEqual([]);
});
