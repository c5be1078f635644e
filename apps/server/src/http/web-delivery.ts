/**
 * Serves the built web app (apps/web/dist): the brotli or gzip variant the build wrote beside each
 * text file (apps/web/precompress.ts) when the browser accepts it, and Cache-Control by how each file
 * is named. The SPA fallback (`reply.sendFile('index.html')` in app.ts) goes through the same plugin,
 * so it is compressed and revalidated like "/".
 */
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's content-hashed files (build.assetsDir "assets"): a changed file gets a new name, so a
 * browser keeps one for a year (HTTP's conventional "never expires", RFC 2616 §14.21) and, being
 * `immutable` (RFC 8246), does not recheck it even on reload. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html names the current assets: a browser keeps it but asks (ETag, 304) on every visit, so a
 * deploy is seen on the next load (RFC 9111 §5.2.2.4). */
export const PAGE_CACHE_CONTROL = 'no-cache';
/** Other files at the root (favicon.svg from apps/web/public) keep their names across deploys: one day. */
export const ROOT_FILE_CACHE_CONTROL = 'public, max-age=86400';

const VARIANT_SUFFIX = /\.(?:br|gz)$/;

/**
 * The Cache-Control of a file of the web build, by its path relative to the build folder (either
 * separator; a `.br`/`.gz` variant counts as the file it encodes). Anything under `assets/` is taken
 * as content-hashed, which holds for Vite's output but not for a file put in `public/assets/`.
 */
export function webCacheControl(relativePath: string): string {
  const file = relativePath.split(path.sep).join('/').replace(VARIANT_SUFFIX, '');
  if (file.startsWith('assets/')) return ASSET_CACHE_CONTROL;
  if (file === 'index.html' || file.endsWith('/index.html')) return PAGE_CACHE_CONTROL;
  return ROOT_FILE_CACHE_CONTROL;
}

/**
 * Registers @fastify/static over `webDist` (an absolute path): one route per file found at start-up,
 * precompressed variants chosen by Accept-Encoding (br, then gzip, then the file itself; always
 * `Vary: Accept-Encoding`), and `webCacheControl` on every file it sends, 304s and `sendFile` included.
 */
export async function registerWebDelivery(http: FastifyInstance, webDist: string): Promise<void> {
  await http.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // The variants are other encodings of their file, not URLs of their own.
    globIgnore: ['**/*.br', '**/*.gz'],
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', webCacheControl(path.relative(webDist, filePath)));
    },
  });
}
