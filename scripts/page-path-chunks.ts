import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * The console's own modules a page's code imports statically, outside the first load, so that a
 * chunk group can hold them in one file: on HTTP/1.1 the browser fetches six files at a time, and
 * the overview's three dozen small chunks arrived in waves of one round trip each.
 *
 * A module that another page's code also imports (`elsewhere` picks those pages' modules by id) is
 * left out: that page would load the whole group with it. The roots themselves stay chunks of
 * their own (index.html preloads them by name).
 *
 * `plugin` records the module graph when the build has read it; `test` is the chunk group's test,
 * which Rolldown calls after that, when it places modules in chunks.
 */
export function pagePathModules(
  roots: readonly string[],
  elsewhere: (id: string, root: string) => boolean,
  consoleSource: RegExp,
): { plugin: Plugin; test: (id: string) => boolean } {
  let onPath = new Set<string>();
  const plugin: Plugin = {
    name: 'page-path-chunks',
    apply: 'build',
    buildEnd() {
      const root = this.environment.config.root;
      const reached = (ids: Iterable<string>) => {
        const seen = new Set<string>();
        const visit = (id: string) => {
          if (seen.has(id)) return;
          seen.add(id);
          this.getModuleInfo(id)?.importedIds.forEach(visit);
        };
        for (const id of ids) visit(id);
        return seen;
      };
      const starts = new Set(roots.map((module) => join(root, module)));
      const others = [...this.getModuleIds()].filter(
        (id) => !starts.has(id) && elsewhere(id, root),
      );
      const taken = reached(others);
      onPath = new Set(
        [...reached(starts)].filter(
          (id) => consoleSource.test(id) && !starts.has(id) && !taken.has(id),
        ),
      );
    },
  };
  return { plugin, test: (id) => onPath.has(id) };
}
