// npm run seed: a realistic demo workspace, created through the service's own endpoints.
import { parseArgs } from 'node:util';
import { defaultCredentialsFile } from './seed/credentials';
import { type RunningExecutions, seed } from './seed/run-seed';

const credentialsFile = defaultCredentialsFile(process.env);

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
                         (default seed-workspaces.json in DATA_DIR: ${credentialsFile})
  --leave-running        return at once, leaving the demo's running agent executions running
                         (by default the seed waits for them to finish, a minute after its first run)`;

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://localhost:8787' },
    email: { type: 'string', default: 'demo@example.com' },
    scale: { type: 'string', default: '1' },
    'workspace-id': { type: 'string' },
    'workspace-token': { type: 'string' },
    'api-key': { type: 'string' },
    'auth-token': { type: 'string' },
    'credentials-file': { type: 'string', default: credentialsFile },
    'leave-running': { type: 'boolean', default: false },
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
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nSeeded ${baseUrl} in ${seconds} s.`);
  console.table(result.steps);
  if (result.email) {
    console.log(
      `Sign in at ${baseUrl}/ with ${result.email} (Send Login Link), or with workspace ID ` +
        `${result.workspaceId ?? ''} and the token kept in ${values['credentials-file']}.`,
    );
    if (await keepsLocalOutbox()) {
      console.log(`This service keeps its mail in the local outbox: ${baseUrl}/outbox`);
    }
  }
  if (result.running) await finish(result.running);
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

/** Without SMTP the service lists its mail at GET /dev/outbox (to this machine only). */
async function keepsLocalOutbox(): Promise<boolean> {
  try {
    return (await fetch(`${baseUrl}/dev/outbox`)).ok;
  } catch {
    return false;
  }
}

/**
 * The demo's running agent executions finish a minute after the first seed: the admin who signs
 * in meanwhile sees them running and then finishing, and none is left running for good.
 */
async function finish(running: RunningExecutions) {
  const some = `${running.count} agent execution${running.count === 1 ? '' : 's'}`;
  if (values['leave-running']) {
    console.log(`${some} left running; the next \`npm run seed\` finishes them.`);
    return;
  }
  const wait = Math.ceil((running.due - Date.now()) / 1000);
  if (wait > 0) {
    console.log(
      `${some} of the demo are running and finish at ${new Date(running.due).toLocaleTimeString()} ` +
        `(in ${wait} s). Ctrl+C leaves them running until the next \`npm run seed\`.`,
    );
  }
  const done = await running.complete();
  console.log(`${done.accepted} agent executions finished.`);
}
