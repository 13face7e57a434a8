/**
 * Every place the scaffold writes to, edits, or has generated files import from, in one table:
 * when files move between folders, the lines here move with them and the templates follow.
 * Generated files import their own folder's files by `./`, anything else by alias (`#contract/…`,
 * `#server/…`, `#console/…`); lines added to existing files follow the style of those files.
 */

/** Files the scaffold writes, per area (`a` is its kebab-case name). */
export const newFiles = {
  contract: (a: string) => `src/contract/${a}.ts`,
  samples: (a: string) => `src/contract/testing/${a}-cases.ts`,
  table: (a: string) => `src/server/db/schema/${a}-schema.ts`,
  module: (a: string) => `src/server/modules/${a}`,
  feature: (a: string) => `src/console/features/${a}`,
  route: (a: string) => `src/console/routes/_app/keys/$apiKeyId/${a}.tsx`,
  e2e: (a: string) => `e2e/${a}.spec.ts`,
};

/** Existing files the scaffold adds a line or two to (see edits.ts). */
export const editedFiles = {
  areaRegistry: 'src/contract/areas.ts',
  endpointList: 'src/contract/endpoints.ts',
  sampleList: 'src/contract/testing/data-cases.ts',
  serviceModules: 'src/server/service-modules.ts',
  drizzleConfig: 'drizzle.config.ts',
  auditWrites: 'src/server/modules/audit-log/audit-writes.test.ts',
  navigationTest: 'src/console/lib/areas.test.ts',
  endpointPaths: 'src/contract/endpoint-paths.test.ts',
};

/**
 * What tools rewrite after the scaffold: `npm run db:generate` the migrations, `npm run
 * readme:endpoints` the endpoint table; the route tree is scripts/router-options.ts's.
 */
export const generatedFiles = {
  migrations: 'src/server/db/migrations',
  endpointTable: 'docs/endpoints.md',
};

/** Where the existing tables are declared, to refuse a table name that is taken. */
export const tablesDir = 'src/server/db';

/** How lines added to existing files import the new area's files (relative, as those files do). */
export const registeredAs = {
  contractFromEndpointList: (a: string) => `./${a}`,
  samplesFromSampleList: (a: string) => `./${a}-cases`,
  moduleFromServiceModules: (a: string) => `./modules/${a}/routes`,
  tableFromDrizzleConfig: (a: string) => `./src/server/db/schema/${a}-schema.ts`,
};

/** What generated files import from outside their own folder. */
export const imports = {
  contract: (a: string) => `#contract/${a}`,
  contractCommon: '#contract/common',
  contractEndpoint: '#contract/endpoint',
  contractIds: '#contract/ids',
  /** From the samples file, its neighbour in src/contract/testing/. */
  requestCases: './request-cases',

  /** The area's table, from the module and its tests. */
  table: (a: string) => `#server/db/schema/${a}-schema`,
  /** The `api_keys` table, from the area's table file (a neighbour: drizzle-kit reads it). */
  apiKeysTable: './schema',
  keyset: '#server/db/keyset',
  transaction: '#server/db/transaction',
  itemResults: '#server/http/item-results',
  pageToken: '#server/http/page-token',
  route: '#server/http/route',
  serviceModule: '#server/http/service-module',
  services: '#server/services',
  fixtures: '#server/testing/fixtures',
  queryPlan: '#server/testing/query-plan',
  testService: '#server/testing/test-service',

  feature: (a: string, file: string) => `#console/features/${a}/${file}`,
  card: '#console/components/card',
  createFormFooter: '#console/components/create-form-footer',
  dataTable: '#console/components/data-table/data-table',
  column: '#console/components/data-table/column',
  tableStatus: '#console/components/data-table/table-status',
  emptyState: '#console/components/empty-state',
  formDialog: '#console/components/form-dialog',
  idText: '#console/components/id-text',
  itemResultsView: '#console/components/item-results',
  itemRows: '#console/components/item-rows',
  pageHeading: '#console/components/page-heading',
  api: '#console/lib/api',
  apiKey: '#console/lib/api-key',
  contractResolver: '#console/lib/contract-resolver',
  formatTime: '#console/lib/format-time',
  pagedQuery: '#console/lib/paged-query',
  prefetch: '#console/lib/prefetch',
  useSaveMutation: '#console/lib/use-save-mutation',

  e2ePages: './support/pages',
  e2eService: './support/service',
  e2eWorkspace: './support/webhooks',
};
