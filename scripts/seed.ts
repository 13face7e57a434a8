// npm run seed: a realistic demo workspace, created through the service's own endpoints.
import { parseArgs } from 'node:util';
import { seed } from './seed/run-seed';

const usage = `npm run seed -- [options]
  --base-url URL         the service (default http://localhost:8787)
  --email ADDRESS        owner of the demo workspace (default demo@example.com)
  --scale N              multiplies every count (default 1: 3 organizations, 300 folders,
                         2,000 documents, 500 users)
  --workspace-id ID --workspace-token TOKEN
                         seed an existing workspace (its first API key)
  --api-key ID --auth-token TOKEN
                         seed through this API key
  --credentials-file F   where a workspace the seed creates is remembered
                         (default .data/seed-workspaces.json)
  --complete-running     wait until a minute after the first seed, then record the final state
                         of the agent executions the seed left running`;

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://localhost:8787' },
    email: { type: 'string', default: 'demo@example.com' },
    scale: { type: 'string', default: '1' },
    'workspace-id': { type: 'string' },
    'workspace-token': { type: 'string' },
    'api-key': { type: 'string' },
    'auth-token': { type: 'string' },
    'credentials-file': { type: 'string', default: '.data/seed-workspaces.json' },
    'complete-running': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const scale = Number(values.scale);
if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) {
  console.error(`--scale must be a number above 0 and at most 1000.\n\n${usage}`);
  process.exit(2);
}
const baseUrl = values['base-url'].replace(/\/+$/, '');
const started = performance.now();
try {
  const result = await seed({
    baseUrl,
    email: values.email,
    scale,
    credentials: {
      workspaceId: values['workspace-id'],
      workspaceToken: values['workspace-token'],
      apiKey: values['api-key'],
      authToken: values['auth-token'],
    },
    credentialsFile: values['credentials-file'],
    concurrency: 4,
    log: (line) => console.log(line),
    completeRunning: values['complete-running'],
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nSeeded ${baseUrl} in ${seconds} s.`);
  console.table(result.steps);
  if (result.email) {
    console.log(
      `Sign in at ${baseUrl}/ with ${result.email} (Send Login Link), or with workspace ID ` +
        `${result.workspaceId ?? ''} and the token kept in ${values['credentials-file']}.`,
    );
  }
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
