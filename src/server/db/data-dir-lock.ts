import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';

/** Whether a process of that id runs (one we may not signal runs too). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Claims the embedded database's directory for this process, as PostgreSQL's `postmaster.pid`
 * does: PGlite takes no lock, and a second process opening the same directory corrupts it (both
 * write, neither knows). The claim is a file beside the directory holding this process's id; a
 * file whose process is gone (killed with SIGKILL) is taken over. Answers the release.
 */
export function claimDataDir(dataDir: string): () => void {
  const file = `${dataDir}.pid`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx' });
      return () => {
        if (holderOf(file) === process.pid) unlinkSync(file);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = holderOf(file);
      if (holder !== undefined && holder !== process.pid && isRunning(holder)) {
        throw new Error(
          `the embedded database ${dataDir} is in use by process ${holder}: stop that service first, or give this one another DATA_DIR`,
        );
      }
      try {
        unlinkSync(file);
      } catch (unlinkErr) {
        // Another process took it over first: the next attempt meets its claim.
        if ((unlinkErr as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkErr;
      }
    }
  }
  throw new Error(`could not claim the embedded database ${dataDir}`);
}
