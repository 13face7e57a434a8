// npm run new-area <name>: a new area with a working, tested, paged list through every layer.
import { parseArgs } from 'node:util';
import { areaNames } from './new-area/names';
import { newFiles } from './new-area/paths';
import { generate, planArea, problemsOf, writePlan } from './new-area/scaffold';

const usage = `npm run new-area -- <name> [options]

Writes a new area that works and is tested through every layer, to grow from: a list of the API
key's items, newest first, keyset-paged, and an Add of several items with a result per item.

  <name>            the area, kebab-case and plural (tool-runs): its contract file, server module,
                    console feature, page (/keys/$apiKeyId/<name>) and table (tool_runs)
  --item <name>     one item, kebab-case (default: <name> made singular: tool-run)
  --dry-run         list what would be written and changed, and write nothing
  --help            this text

It writes the contract (two endpoints), their request samples, the table and its migration
(npm run db:generate), the store, rules and routes with a service test and an EXPLAIN test, the
console's query factory, page, add dialog and route, and an e2e spec; registers the area (the
area registry, its contract files, its server module, the table list of drizzle.config.ts, the
audit and navigation tests); and regenerates the route tree and docs/endpoints.md. It refuses a
name that is not kebab-case or is taken, and never overwrites a file.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    item: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const [name, ...extra] = positionals;
if (name === undefined || extra.length > 0) {
  console.error(`Give one area name.\n\n${usage}`);
  process.exit(2);
}
const names = areaNames(name, values.item);
if ('problem' in names) {
  console.error(names.problem);
  process.exit(2);
}

const root = process.cwd();
const plan = planArea(names);
const problems = problemsOf(plan, root);
if (problems.length > 0) {
  console.error(`Cannot add the area ${names.kebab}; nothing was written:`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}

console.log(
  `Area ${names.kebab}, one item a ${names.item.words}: "${names.label}" in the navigation.`,
);
if (values['dry-run']) {
  console.log('Would write:');
  for (const file of plan.files) console.log(`  ${file.path}`);
  console.log('Would add to:');
  for (const edit of plan.edits) console.log(`  ${edit.file}`);
  process.exit(0);
}
const touched = writePlan(plan, root);
console.log(`Wrote ${plan.files.length} files and added to ${plan.edits.length}:`);
for (const path of touched) console.log(`  ${path}`);
try {
  await generate(plan, touched, root, (line) => console.log(line));
} catch (error) {
  console.error(
    `\nThe files are written, but a generating step failed (above). Run what is left by hand: npm run db:generate -- --name=${names.snake}; npx prettier --write <the files above>; npm run readme:endpoints.`,
  );
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const module = newFiles.module(names.kebab);
console.log(`
Done. Check it, then make it yours (the contract first; every layer follows it):
  npm run --silent typecheck
  npx vitest run --project unit src/contract src/console/lib/areas.test.ts
  npx vitest run --project service ${module} src/server/modules/audit-log src/server/reliability
  npm run --silent build && E2E_WORKERS=1 npx playwright test ${newFiles.e2e(names.kebab)}`);
