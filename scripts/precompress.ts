import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text that compresses; images and fonts are compressed already. */
const compressible = /\.(?:m?js|css|html|svg|json|txt|map|xml|webmanifest)$/i;

export interface Precompressed {
  file: string;
  bytes: number;
  brotli: number | undefined;
  gzip: number | undefined;
}

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    // Dot folders (Vite's .vite/manifest.json) are build metadata, never served.
    if (entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? files(path) : [path];
  });
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of `dir` of at least `minBytes`, each only where it is smaller than the file: the service sends
 * them by accept-encoding without compressing on every request, at the highest levels because
 * this runs once per build.
 */
export function precompressDir(dir: string, minBytes = 1024): Precompressed[] {
  const written: Precompressed[] = [];
  for (const file of files(dir)) {
    if (!compressible.test(file) || statSync(file).size < minBytes) continue;
    const source = readFileSync(file);
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: constants.Z_BEST_COMPRESSION });
    const keep = (variant: Buffer, suffix: string) => {
      if (variant.length >= source.length) return undefined;
      writeFileSync(file + suffix, variant);
      return variant.length;
    };
    written.push({
      file,
      bytes: source.length,
      brotli: keep(brotli, '.br'),
      gzip: keep(gzip, '.gz'),
    });
  }
  return written;
}
