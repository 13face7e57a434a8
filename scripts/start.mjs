// `npm start`: the console and the service built if needed, then console + API on one port, run
// as compiled JavaScript. `npm run serve` (`--no-build`): the same without building.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildConsoleIfNeeded, buildServerIfNeeded, serverOutput } from './console-build.mjs';

if (!process.argv.includes('--no-build')) {
  buildConsoleIfNeeded();
  await buildServerIfNeeded();
} else if (!existsSync(serverOutput)) {
  console.error(`${serverOutput} is missing: run \`npm run build\` first, or \`npm start\`.`);
  process.exit(1);
}
// Stack traces of the compiled service then point into src/server, through the source map.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverOutput).href);
