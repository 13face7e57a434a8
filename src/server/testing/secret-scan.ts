import { lstatSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** A secret kind that the service makes in a form of its own, found by that form alone. */
interface SecretForm {
  kind: string;
  /** Where a candidate starts: a cheap byte search finds it before any pattern runs. */
  prefix: string;
  /** The whole secret, anchored at the prefix. */
  pattern: RegExp;
  /** The longest the secret can be, to cut the bytes the pattern looks at. */
  length: number;
}

/**
 * Tokens are `<prefix>_` + base64url of 24 bytes, `.`, and a 22-character signature
 * (`crypto/secrets.ts`); webhook secrets are `whsec_` + base64 of 24 bytes
 * (`crypto/webhook-signing-secret.ts`); session tokens `sst_` + base64url of 32 bytes. AI keys, provider tokens, login codes and e-mails have no
 * form of their own: a test that made them looks for them by value (`literals`).
 */
export const SECRET_FORMS: readonly SecretForm[] = [
  {
    kind: 'workspace token',
    prefix: 'wst_',
    pattern: /^wst_[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{22}/,
    length: 59,
  },
  {
    kind: 'API-key token',
    prefix: 'akt_',
    pattern: /^akt_[A-Za-z0-9_-]{32}\.[A-Za-z0-9_-]{22}/,
    length: 59,
  },
  { kind: 'webhook secret', prefix: 'whsec_', pattern: /^whsec_[A-Za-z0-9+/]{32}/, length: 38 },
  // A session cookie's token (`crypto/session-token.ts`).
  { kind: 'session token', prefix: 'sst_', pattern: /^sst_[A-Za-z0-9_-]{43}/, length: 47 },
];

export interface SecretHit {
  file: string;
  kind: string;
  /** The first 8 characters: enough to tell which secret it is, not enough to use it. */
  preview: string;
}

/** A secret to look for by value, with the kind a hit reports. */
export interface Literal {
  kind: string;
  value: string;
}

/** Every regular file below a directory (symbolic links are not followed). */
export function filesBelow(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    const stat = lstatSync(path);
    if (stat.isDirectory()) return filesBelow(path);
    return stat.isFile() ? [path] : [];
  });
}

/** The secrets in one file's bytes, by form and by value. */
export function secretsIn(bytes: Buffer, literals: readonly Literal[] = []): SecretHit[] {
  const hits: SecretHit[] = [];
  const hit = (kind: string, at: number) =>
    hits.push({ file: '', kind, preview: bytes.toString('latin1', at, at + 8) });
  for (const form of SECRET_FORMS) {
    // indexOf on the buffer is a fast byte search; the pattern runs only where a prefix is.
    for (let at = bytes.indexOf(form.prefix); at >= 0; at = bytes.indexOf(form.prefix, at + 1)) {
      if (form.pattern.test(bytes.toString('latin1', at, at + form.length))) hit(form.kind, at);
    }
  }
  for (const { kind, value } of literals) {
    const at = bytes.indexOf(value, 0, 'utf8');
    if (at >= 0) hit(kind, at);
  }
  return hits;
}

export interface ScanResult {
  hits: SecretHit[];
  files: number;
  bytes: number;
  ms: number;
}

/** Every file below the directories, read whole: database files, logs, anything a run left. */
export function scanForSecrets(
  dirs: readonly string[],
  literals: readonly Literal[] = [],
): ScanResult {
  const started = performance.now();
  const result: ScanResult = { hits: [], files: 0, bytes: 0, ms: 0 };
  for (const file of dirs.flatMap(filesBelow)) {
    const bytes = readFileSync(file);
    result.files += 1;
    result.bytes += bytes.length;
    for (const found of secretsIn(bytes, literals)) result.hits.push({ ...found, file });
  }
  result.ms = performance.now() - started;
  return result;
}

/** One line per hit, never the secret whole. */
export function describeHits(hits: readonly SecretHit[]): string {
  return hits.map((h) => `${h.kind} (${h.preview}…) in ${h.file}`).join('\n');
}

/**
 * The end of a test run: every file the run left below its root is scanned. A root with a hit is
 * kept for a look and fails the run; so is the root of a run that failed otherwise (`keep`), for
 * its services' logs. Any other is removed.
 */
export function scanRunRoot(root: string, run: string, keep = false): ScanResult {
  const result = scanForSecrets([root]);
  const size = (result.bytes / 1e6).toFixed(0);
  const seconds = (result.ms / 1000).toFixed(1);
  console.log(`${run}: secret scan of ${result.files} files (${size} MB) in ${seconds} s`);
  if (result.hits.length > 0) {
    throw new Error(
      `${run}: ${result.hits.length} secret(s) in the files of the run, kept in ${root}:\n` +
        describeHits(result.hits),
    );
  }
  if (keep)
    console.log(`${run}: the run failed, its data directories and logs are kept in ${root}`);
  else rmSync(root, { recursive: true, force: true });
  return result;
}
