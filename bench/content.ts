// User data at scale: one user with 10,000 comments, reactions and notifications among 1,000,000
// rows of other users. p50 / p99 of each Get All User Data page (the whole export walked page
// by page; from sending the request to the answer's last byte), the erase preview, and the time
// of the whole erase job. `npx tsx bench/content.ts`;
// on PostgreSQL with DATABASE_URL set (an empty database: the benchmark fills it), else on the
// embedded database. PER_FEATURE and OTHER_ROWS change the sizes; ERASE=0 leaves the data in place
// (no preview, no erase), to look at it afterwards; SERVICE_NODE_ARGS adds Node arguments to the
// measured service (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`).
import { openDatabase } from '#server/db/connection';
import { TARGET, loadContent } from './content/load';
import { apiKeyOf, benchService, post, quantile } from './kit/service';
import { printTable } from './table';

const PER_FEATURE = Number(process.env.PER_FEATURE ?? 10_000);
const OTHER_ROWS = Number(process.env.OTHER_ROWS ?? 1_000_000);
const WALKS = Number(process.env.WALKS ?? 3);
const ORGANIZATION = 'org-bench';
const log = (line: string) => console.log(line);
const ms = (v: number) => v.toFixed(2);

const bench = await benchService('content');
let svc = await bench.spawn();
const { apiKey, headers } = await apiKeyOf(svc.url, 'bench-content@example.com');

/** Walks the whole export once: each page's time and size, and the items it counted. */
async function walkExport() {
  const pages: { ms: number; characters: number }[] = [];
  let items = 0;
  let pageToken: string | undefined;
  do {
    const { body, characters, ms } = await post(
      svc.url,
      '/v1/users/data/get',
      { organizationId: ORGANIZATION, userId: TARGET.userId, ...(pageToken ? { pageToken } : {}) },
      headers,
    );
    pages.push({ ms, characters });
    const data = body.result.data as Record<string, unknown[]>;
    items += Object.values(data).reduce((sum, list) => sum + list.length, 0);
    const next = body.result.nextPageToken;
    pageToken = typeof next === 'string' ? next : undefined;
  } while (pageToken);
  return { pages, items };
}

async function timesOf(rounds: number, call: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

const rows: string[][] = [];
let exported = 0;
let pageKb = 0;
try {
  await svc.stop();
  log(`loading ${PER_FEATURE} per feature beside ${OTHER_ROWS} rows …`);
  const loadStarted = performance.now();
  const database = await openDatabase(bench.target);
  await loadContent(
    database.db,
    apiKey,
    ORGANIZATION,
    { perFeature: PER_FEATURE, otherRows: OTHER_ROWS, others: 10_000 },
    log,
  );
  await database.close();
  log(`  loaded in ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);
  svc = await bench.spawn();

  await walkExport(); // warm-up
  const pages: { ms: number; characters: number }[] = [];
  for (let i = 0; i < WALKS; i++) {
    const walk = await walkExport();
    pages.push(...walk.pages);
    exported = walk.items;
  }
  const times = pages.map((p) => p.ms).sort((a, b) => a - b);
  pageKb = pages.reduce((sum, p) => sum + p.characters, 0) / Math.max(1, pages.length) / 1024;
  rows.push([
    `Get All User Data, every page (${pages.length / WALKS} pages × ${WALKS} walks)`,
    ms(quantile(times, 0.5)),
    ms(quantile(times, 0.99)),
  ]);
  const empty = await timesOf(100, () =>
    post(
      svc.url,
      '/v1/users/data/get',
      { organizationId: ORGANIZATION, userId: 'u-none' },
      headers,
    ),
  );
  rows.push([
    'Get All User Data, a user without data (100 calls)',
    ms(quantile(empty, 0.5)),
    ms(quantile(empty, 0.99)),
  ]);

  if (process.env.ERASE !== '0') {
    const erase = { userIds: [TARGET.userId], organizationIds: [ORGANIZATION] };
    const [preview] = await timesOf(1, async () => {
      const { body } = await post(
        svc.url,
        '/v1/users/data/delete',
        { ...erase, dryRun: true },
        headers,
      );
      log(`preview totals: ${JSON.stringify((body.result.data as { totals: unknown }).totals)}`);
    });
    rows.push(['Erase preview (dryRun), the whole request', ms(preview ?? 0), '–']);
    const [job] = await timesOf(1, async () => {
      const { body } = await post(svc.url, '/v1/users/data/delete', erase, headers);
      const jobId = (body.data as { jobId: string }).jobId;
      for (;;) {
        const status = await post(svc.url, '/v1/users/data/delete/status', { jobId }, headers);
        const state = (status.body.result.data as { status: string }).status;
        if (state === 'completed') break;
        if (state === 'failed') throw new Error('the erase job failed');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    rows.push(['Erase job, from the request to completed', ms(job ?? 0), '–']);
  }
} finally {
  await svc.stop();
  bench.cleanup();
}

console.log(
  `\n${bench.label}; ${PER_FEATURE} comments, reactions and notifications of one user among ${OTHER_ROWS} rows of others; ${exported} items exported per walk, ${pageKb.toFixed(0)} kB a page\n`,
);
printTable(['measure', 'p50 ms', 'p99 ms'], rows);
