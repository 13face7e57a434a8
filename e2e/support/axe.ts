import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

type AxeWindow = Window & {
  axe?: { run: (context: ElementContext, options: RunOptions) => Promise<AxeResults> };
};

export interface Violation {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * axe-core's violations on the page, or on the part `include` selects; `rules` limits the rules
 * run. axe is put into the page once per document and run there: the Playwright wrapper injects
 * it and opens a helper page on every scan, several times slower for the same result on pages
 * without frames, which the console's are.
 */
export async function axeViolations(
  page: Page,
  { rules, include }: { rules?: string[]; include?: string } = {},
): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ rules, include }) => {
      const { axe } = window as AxeWindow;
      if (!axe) throw new Error('axe-core is not in the page');
      const results = await axe.run(
        include ? { include: [include] } : document,
        rules ? { runOnly: { type: 'rule', values: rules } } : {},
      );
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { rules, include },
  );
}
