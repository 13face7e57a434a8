// `npm start`: the console built if needed, then console + API on one port.
import { spawn } from 'node:child_process';
import { buildConsoleIfNeeded } from './console-build.mjs';

buildConsoleIfNeeded();
const child = spawn('npx', ['tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
