// Where a benchmark phase's time went: CPU seconds per process (from /proc), the service's
// database statements (its /metrics), and on PostgreSQL the bench database's transactions and
// the rows each table had inserted, updated (in place, "HOT", or with new index entries) and
// deleted (pg_stat_user_tables, which backends report about once a second).
import pg from 'pg';
import { cpuMsOf } from './cpu';
import { metric } from './webhook-run';

export interface CostSnapshot {
  at: number;
  cpuMs: Record<string, number>;
  statements: number;
  commits: number;
  tables: Record<string, { ins: number; upd: number; hot: number; del: number }>;
}

/** Processes to count, by name; `database` adds the backends serving `databaseUrl`. */
export interface CostProbe {
  processes: Record<string, number | undefined>;
  serviceUrl: string;
  databaseUrl: string | undefined;
}

async function databaseFigures(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const backends = await client.query<{ pid: number }>(
      `select pid from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    // What this backend's own statistics snapshot holds is refreshed per transaction.
    const commits = await client.query<{ n: string }>(
      'select xact_commit as n from pg_stat_database where datname = current_database()',
    );
    const tables = await client.query<{
      relname: string;
      ins: string;
      upd: string;
      hot: string;
      del: string;
    }>(
      `select relname, n_tup_ins as ins, n_tup_upd as upd, n_tup_hot_upd as hot, n_tup_del as del
       from pg_stat_user_tables where n_tup_ins + n_tup_upd + n_tup_del > 0`,
    );
    return {
      backends: backends.rows.map((r) => r.pid),
      commits: Number(commits.rows[0]?.n ?? 0),
      tables: Object.fromEntries(
        tables.rows.map((r) => [
          r.relname,
          { ins: Number(r.ins), upd: Number(r.upd), hot: Number(r.hot), del: Number(r.del) },
        ]),
      ),
    };
  } finally {
    await client.end();
  }
}

/** Backends' CPU per pid, so that a backend that ended or started between two snapshots counts right. */
const backendCpu = new Map<number, number>();

export async function snapshot(probe: CostProbe): Promise<CostSnapshot> {
  const cpuMs: Record<string, number> = {};
  for (const [name, pid] of Object.entries(probe.processes)) cpuMs[name] = pid ? cpuMsOf(pid) : 0;
  let commits = 0;
  let tables: CostSnapshot['tables'] = {};
  if (probe.databaseUrl) {
    const figures = await databaseFigures(probe.databaseUrl);
    // Accumulated per pid: a backend's CPU is read from when it was first seen.
    let total = backendCpu.get(-1) ?? 0;
    for (const pid of figures.backends) {
      const now = cpuMsOf(pid);
      total += now - (backendCpu.get(pid) ?? 0);
      backendCpu.set(pid, now);
    }
    backendCpu.set(-1, total);
    cpuMs['PostgreSQL backends'] = total;
    commits = figures.commits;
    tables = figures.tables;
  }
  return {
    at: performance.now(),
    cpuMs,
    statements: await metric(probe.serviceUrl, 'svc_db_statement_duration_seconds_count'),
    commits,
    tables,
  };
}

/** Rows for a table of what happened between two snapshots, `per` deliveries. */
export function costRows(a: CostSnapshot, b: CostSnapshot, deliveries: number): string[][] {
  const seconds = (b.at - a.at) / 1000;
  const rows: string[][] = [['seconds', seconds.toFixed(1)]];
  for (const [name, ms] of Object.entries(b.cpuMs)) {
    const used = ms - (a.cpuMs[name] ?? 0);
    rows.push([
      `CPU: ${name}`,
      `${(used / 1000 / seconds).toFixed(2)} cores, ${((used * 1000) / deliveries).toFixed(0)} µs/delivery`,
    ]);
  }
  rows.push([
    'service statements',
    `${Math.round((b.statements - a.statements) / seconds)} / s, ${((b.statements - a.statements) / deliveries).toFixed(2)} / delivery`,
  ]);
  if (b.commits > 0) {
    rows.push(['database transactions', `${Math.round((b.commits - a.commits) / seconds)} / s`]);
  }
  for (const [table, t] of Object.entries(b.tables)) {
    const o = a.tables[table] ?? { ins: 0, upd: 0, hot: 0, del: 0 };
    const d = { ins: t.ins - o.ins, upd: t.upd - o.upd, hot: t.hot - o.hot, del: t.del - o.del };
    if (d.ins + d.upd + d.del === 0) continue;
    const per = (n: number) => (n / deliveries).toFixed(2);
    rows.push([
      `rows: ${table}`,
      `${per(d.ins)} inserted, ${per(d.upd)} updated (${per(d.hot)} in place), ${per(d.del)} deleted / delivery`,
    ]);
  }
  return rows;
}
