import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { seededDataDir, spawnTestService, suiteDir, suiteLog } from './testing/process-fixtures';
import { freePort } from './testing/service-process';

const dataDir = await seededDataDir('svc-banner-');
const consoleDir = suiteDir('svc-banner-console-');
writeFileSync(join(consoleDir, 'index.html'), '<!doctype html><title>Workspace console</title>');

interface Started {
  /** What it printed after it began to listen: its plain lines, the JSON log lines left out. */
  lines: string[];
  port: number;
}

/** Starts the service with `env`, runs `check` on what it printed, then stops it. */
async function started(env: Record<string, string>, check: (s: Started) => Promise<void>) {
  const port = await freePort();
  const log = suiteLog();
  const svc = await spawnTestService({ DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env }, port, log);
  try {
    for (let tries = 0; ; tries += 1) {
      const lines = readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => line && !line.startsWith('{'));
      if (lines.some((line) => line.startsWith('Sign-in mail'))) {
        await check({ lines, port });
        return;
      }
      if (tries === 100) throw new Error(`no start-up lines in ${log}`);
      await sleep(50);
    }
  } finally {
    await svc.stop();
  }
}

async function get(url: string) {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type') ?? '' };
}

const html = { status: 200, type: expect.stringMatching(/^text\/html/) };
const json = { status: 200, type: expect.stringMatching(/^application\/json/) };

// Three start-ups of the service, each a few seconds on a busy machine.
describe('at start the service prints where it is, in plain words', { timeout: 60_000 }, () => {
  it('the console and the local outbox page, which answer at those addresses', async () => {
    await started({ CONSOLE_DIR: consoleDir, SMTP_URL: '' }, async ({ lines, port }) => {
      const origin = `http://127.0.0.1:${port}`;
      expect(lines).toEqual([
        `Console: ${origin}/`,
        `Sign-in mail: kept in the local outbox (no SMTP_URL), shown to this machine at ${origin}/outbox`,
      ]);
      expect(await get(`${origin}/`)).toMatchObject(html);
      expect(await get(`${origin}/outbox`)).toMatchObject(html);
    });
  });

  it('the API alone when CONSOLE_DIR is empty, and the outbox as JSON', async () => {
    await started({ CONSOLE_DIR: '', SMTP_URL: '' }, async ({ lines, port }) => {
      const origin = `http://127.0.0.1:${port}`;
      expect(lines).toEqual([
        `API: ${origin}/ (no console: CONSOLE_DIR is empty)`,
        `Sign-in mail: kept in the local outbox (no SMTP_URL), shown to this machine at ${origin}/dev/outbox`,
      ]);
      expect(await get(`${origin}/dev/outbox`)).toMatchObject(json);
    });
  });

  it('every address for HOST=0.0.0.0, a console directory without a build, SMTP without its password', async () => {
    const empty = suiteDir('svc-banner-empty-');
    const env = {
      HOST: '0.0.0.0',
      CONSOLE_DIR: empty,
      SMTP_URL: 'smtp://mailer:s3cret-pass@127.0.0.1:2525',
    };
    await started(env, async ({ lines, port }) => {
      expect(lines).toEqual([
        `API: http://localhost:${port}/ (HOST=0.0.0.0: every address of this machine) (no console: ${empty} holds no index.html; \`npm run build\` writes one)`,
        'Sign-in mail: sent through SMTP_URL (127.0.0.1:2525)',
      ]);
      expect(await get(`http://localhost:${port}/healthz`)).toMatchObject(json);
    });
  });
});
