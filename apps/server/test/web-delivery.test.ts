/**
 * Delivery of the built web app over real HTTP: the build's precompressed variants
 * (apps/web/precompress.ts, run here on a temporary build) chosen by Accept-Encoding, and
 * Cache-Control by file (http/web-delivery.ts), the SPA fallback included.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_COMPRESS_BYTES, precompressDir } from '../../web/precompress.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent, before any decoding. */
  body: Buffer;
}

/** A GET with exactly these headers (fetch would add and decode Accept-Encoding itself). */
function get(server: TestServer, route: string, headers: Record<string, string> = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const request = http.get(server.url + route, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** The body with its Content-Encoding undone. */
function decoded(reply: RawReply): Buffer {
  const encoding = reply.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(reply.body);
  if (encoding === 'gzip') return gunzipSync(reply.body);
  if (encoding === undefined) return reply.body;
  throw new Error(`unexpected content-encoding ${encoding}`);
}

const varyTokens = (reply: RawReply) => String(reply.headers.vary ?? '').toLowerCase().split(/\s*,\s*/);

const BROWSER = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const ONE_DAY = 'public, max-age=86400';

/** A small build in a temporary folder, shaped like Vite's: index.html, hashed assets, a public file. */
function writeFakeBuild(): { dir: string; index: Buffer; script: Buffer; favicon: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ms-web-delivery-'));
  mkdirSync(path.join(dir, 'assets'));
  const index = Buffer.from(
    '<!doctype html><html lang="en"><head><title>MathSprint test shell</title>' +
      '<script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root">' +
      '<p role="status">Loading MathSprint…</p>'.repeat(40) +
      '</div></body></html>',
  );
  const script = Buffer.from(
    Array.from({ length: 160 }, (_, i) => `export const question${i} = { left: ${i * 7}, right: ${(i * 13) % 97}, op: '${'+-×÷'[i % 4]}' };\n`).join(''),
  );
  const favicon = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4f46e5"/></svg>');
  writeFileSync(path.join(dir, 'index.html'), index);
  writeFileSync(path.join(dir, 'assets/app-abc123.js'), script);
  writeFileSync(path.join(dir, 'assets/app-abc123.js.map'), JSON.stringify({ version: 3, mappings: 'AAAA;'.repeat(1000) }));
  writeFileSync(path.join(dir, 'favicon.svg'), favicon);
  return { dir, index, script, favicon };
}

describe('precompressDir (apps/web/precompress.ts)', () => {
  let dir: string;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside text files of at least 1 KiB, and not beside source maps or small files', async () => {
    const build = writeFakeBuild();
    dir = build.dir;
    const written = await precompressDir(dir);

    expect(written.map((w) => w.file)).toEqual(['assets/app-abc123.js', 'index.html']);
    for (const { file, bytes, br, gzip } of written) {
      const raw = readFileSync(path.join(dir, file));
      expect(bytes).toBe(raw.byteLength);
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`)))).toEqual(raw);
      expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`)))).toEqual(raw);
      expect(br ?? Infinity).toBeLessThan(bytes);
      expect(gzip ?? Infinity).toBeLessThan(bytes);
    }
    expect(build.favicon.byteLength).toBeLessThan(MIN_COMPRESS_BYTES);
    for (const skipped of ['favicon.svg', 'assets/app-abc123.js.map']) {
      expect(existsSync(path.join(dir, `${skipped}.br`)), skipped).toBe(false);
      expect(existsSync(path.join(dir, `${skipped}.gz`)), skipped).toBe(false);
    }
  });

  it('removes a variant left by an earlier run when the file no longer gets one, so none goes stale', async () => {
    writeFileSync(path.join(dir, 'favicon.svg.br'), 'stale');
    writeFileSync(path.join(dir, 'favicon.svg.gz'), 'stale');
    await precompressDir(dir);
    expect(existsSync(path.join(dir, 'favicon.svg.br'))).toBe(false);
    expect(existsSync(path.join(dir, 'favicon.svg.gz'))).toBe(false);
  });

  it('writes no variant that would be larger than the file (already compressed bytes)', async () => {
    const noise = Buffer.alloc(4096);
    for (let i = 0, x = 1; i < noise.length; i++) noise[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
    writeFileSync(path.join(dir, 'assets/noise-abc123.json'), noise);
    const written = await precompressDir(dir);
    expect(written.map((w) => w.file)).not.toContain('assets/noise-abc123.json');
    expect(existsSync(path.join(dir, 'assets/noise-abc123.json.gz'))).toBe(false);
  });
});

describe('web app delivery', () => {
  let server: TestServer;
  let build: ReturnType<typeof writeFakeBuild>;
  beforeAll(async () => {
    build = writeFakeBuild();
    await precompressDir(build.dir);
    server = await startTestServer({ env: { NODE_ENV: 'production', SERVE_WEB: 'true', WEB_DIST: build.dir } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(build.dir, { recursive: true, force: true });
  });

  it.each([
    ['br when the browser accepts it', BROWSER, 'br'],
    ['gzip when only gzip is accepted', 'gzip', 'gzip'],
    ['gzip when brotli is refused', 'br;q=0, gzip', 'gzip'],
    ['the file itself when no encoding is accepted', undefined, undefined],
    ['the file itself for identity only', 'identity', undefined],
  ])('sends a hashed asset as %s, cached for a year', async (_case, acceptEncoding, encoding) => {
    const reply = await get(server, '/assets/app-abc123.js', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(reply.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(varyTokens(reply)).toContain('accept-encoding');
    expect(reply.headers['cache-control']).toBe(IMMUTABLE);
    expect(Number(reply.headers['content-length'] ?? reply.body.byteLength)).toBe(reply.body.byteLength);
    expect(decoded(reply)).toEqual(build.script);
    if (encoding) expect(reply.body.byteLength).toBeLessThan(build.script.byteLength);
  });

  it.each([
    ['/', 'br', BROWSER],
    ['/', 'gzip', 'gzip'],
    ['/index.html', 'br', BROWSER],
    ['/daily', 'br', BROWSER],
    ['/daily', 'gzip', 'gzip'],
    ['/contest/abc/results', 'br', BROWSER],
  ])('sends the page at %s as %s, revalidated on every visit', async (route, encoding, acceptEncoding) => {
    const reply = await get(server, route, { accept: 'text/html', 'accept-encoding': acceptEncoding });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(reply.headers['content-encoding']).toBe(encoding);
    expect(varyTokens(reply)).toContain('accept-encoding');
    expect(reply.headers['cache-control']).toBe('no-cache');
    expect(decoded(reply)).toEqual(build.index);
  });

  it('answers a revalidation of the page with 304 and the same Cache-Control', async () => {
    for (const route of ['/', '/daily']) {
      const first = await get(server, route, { accept: 'text/html', 'accept-encoding': BROWSER });
      const etag = first.headers.etag;
      expect(etag, route).toBeTruthy();
      const again = await get(server, route, { accept: 'text/html', 'accept-encoding': BROWSER, 'if-none-match': String(etag) });
      expect(again.status, route).toBe(304);
      expect(again.headers['cache-control'], route).toBe('no-cache');
      expect(again.body.byteLength, route).toBe(0);
    }
  });

  it('gives each encoding of a file its own ETag, so a cache never answers 304 for the wrong one', async () => {
    const tags = await Promise.all(
      [BROWSER, 'gzip', undefined].map(async (acceptEncoding) =>
        (await get(server, '/assets/app-abc123.js', acceptEncoding ? { 'accept-encoding': acceptEncoding } : {})).headers.etag,
      ),
    );
    expect(new Set(tags).size).toBe(3);
  });

  it('sends the small favicon as it is, cached for a day', async () => {
    const reply = await get(server, '/favicon.svg', { 'accept-encoding': BROWSER });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('image/svg+xml');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(varyTokens(reply)).toContain('accept-encoding');
    expect(reply.headers['cache-control']).toBe(ONE_DAY);
    expect(reply.body).toEqual(build.favicon);
  });

  it('serves no compressed variant as a URL of its own', async () => {
    for (const route of ['/assets/app-abc123.js.br', '/assets/app-abc123.js.gz']) {
      const reply = await get(server, route, { 'accept-encoding': BROWSER });
      expect(reply.status, route).toBe(404);
      expect(JSON.parse(reply.body.toString())).toEqual({ error: `Not found: GET ${route}`, code: 'NOT_FOUND' });
    }
  });

  it('still answers unknown API paths and missing assets with a JSON 404, uncompressed and uncached', async () => {
    for (const [route, accept] of [
      ['/api/nope', 'text/html'],
      ['/assets/missing-abc123.js', '*/*'],
    ] as const) {
      const reply = await get(server, route, { accept, 'accept-encoding': BROWSER });
      expect(reply.status, route).toBe(404);
      expect(reply.headers['content-type'], route).toContain('application/json');
      expect(reply.headers['content-encoding'], route).toBeUndefined();
      expect(reply.headers['cache-control'], route).toBeUndefined();
      expect(JSON.parse(reply.body.toString())).toEqual({ error: `Not found: GET ${route}`, code: 'NOT_FOUND' });
    }
  });
});
