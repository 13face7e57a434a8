import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { type Config, loadConfig } from './config/config';
import { holdsBuiltConsole } from './serving/console-assets';
import { startBanner } from './start-banner';
import { MasterKeyError } from './keys/open-secrets';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    // A setting the operator must change: their words, not a stack trace.
    console.error(`configuration: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

async function appOrExit(config: Config) {
  try {
    return await buildApp(config);
  } catch (error) {
    // Master keys that do not fit the data: the operator's words, before anything is served.
    if (!(error instanceof MasterKeyError)) throw error;
    console.error(`master key: ${error.message}`);
    process.exit(1);
  }
}

const config = configOrExit();
const app = await appOrExit(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The grace is for requests and job tasks; past it and a margin, whatever hangs is cut off.
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs + 5_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
// PORT=0 listens on a port the system chose: the banner names the one in use.
const { port } = app.server.address() as AddressInfo;
const hasConsole = holdsBuiltConsole(config.consoleDir);
process.stdout.write(`${startBanner(config, port, hasConsole).join('\n')}\n`);
