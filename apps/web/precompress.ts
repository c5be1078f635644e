/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) sibling next to each text file of the built web app, so
 * that the server sends those bytes as they are (@fastify/static `preCompressed`, which picks the
 * variant from Accept-Encoding) instead of 712 KB of JavaScript uncompressed or compressing on every
 * request. Runs after `vite build` (package.json "build"): `tsx precompress.ts [dir]`, dir default
 * `dist`. Uses only node:zlib.
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text formats in Vite's output. Source maps are left out: only developer tools fetch them. Images
 * and fonts (png, woff2) are compressed formats already. */
const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json']);

/**
 * Smallest file (bytes) worth compressing: @fastify/compress's default `threshold`. Below it the
 * response fits in one TCP segment either way, and the variants would only be more files to keep.
 */
export const MIN_COMPRESS_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** File name suffix of each encoding's variant, the one @fastify/static `preCompressed` looks for. */
export const VARIANT_SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** Whether a file of the build, by its name and size in bytes, gets compressed variants. */
export function isCompressible(fileName: string, sizeBytes: number): boolean {
  return COMPRESSIBLE_EXTENSIONS.has(path.extname(fileName).toLowerCase()) && sizeBytes >= MIN_COMPRESS_BYTES;
}

/**
 * The compressed variants of `raw` worth sending: each encoding whose output is smaller than `raw`.
 * Brotli at quality 11 (its maximum) in text mode, gzip at level 9: the build pays the time once,
 * every visit gets the smallest bytes (RFC 7932 brotli, RFC 1952 gzip).
 */
export function compressedVariants(raw: Uint8Array): Partial<Record<Encoding, Buffer>> {
  const variants: Partial<Record<Encoding, Buffer>> = {};
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
    },
  });
  if (br.byteLength < raw.byteLength) variants.br = br;
  const gzip = gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
  if (gzip.byteLength < raw.byteLength) variants.gzip = gzip;
  return variants;
}

/** One file of the build and the sizes (bytes) of what was written for it; an encoding is absent
 * when the file was skipped or that variant did not shrink it. */
export interface PrecompressedFile {
  /** Path relative to the build folder, with `/` separators. */
  file: string;
  /** Sizes in bytes: the file, its brotli variant, its gzip variant. */
  bytes: number;
  br?: number;
  gzip?: number;
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every compressible file under `dir` (recursively) and
 * removes a variant left from an earlier run where none is written now, so that no stale variant is
 * ever served for a changed file. Returns the compressed files, sorted by path.
 */
export async function precompressDir(dir: string): Promise<PrecompressedFile[]> {
  // Filtered by name first, so the variants (.br, .gz) are never walked: one removed below is not stat'ed later.
  const names = (await readdir(dir, { recursive: true }))
    .map((name) => name.split(path.sep).join('/'))
    .filter((name) => COMPRESSIBLE_EXTENSIONS.has(path.extname(name).toLowerCase()));
  const results: PrecompressedFile[] = [];
  for (const name of names.sort()) {
    const file = path.join(dir, name);
    const info = await stat(file);
    if (!info.isFile()) continue;
    const variants = isCompressible(name, info.size) ? compressedVariants(await readFile(file)) : {};
    for (const encoding of ['br', 'gzip'] as const) {
      const variant = variants[encoding];
      if (variant) await writeFile(file + VARIANT_SUFFIX[encoding], variant);
      else await rm(file + VARIANT_SUFFIX[encoding], { force: true });
    }
    if (variants.br || variants.gzip) {
      results.push({ file: name, bytes: info.size, br: variants.br?.byteLength, gzip: variants.gzip?.byteLength });
    }
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = path.resolve(process.argv[2] ?? 'dist');
  const kb = (bytes: number | undefined) => (bytes === undefined ? '-' : `${(bytes / 1000).toFixed(1)} kB`);
  for (const { file, bytes, br, gzip } of await precompressDir(dir)) {
    console.log(`precompress ${file}: ${kb(bytes)} raw, ${kb(gzip)} gzip, ${kb(br)} br`);
  }
}
