/** The production build's vendor chunks (vite.config.ts). */

/**
 * Libraries that get chunks of their own, by npm package. They change far less often than our own
 * code, and every file name carries a hash of its content, so after one of our deploys a returning
 * player's browser still has them and downloads only the app's chunk. The index.html Vite writes
 * preloads them beside it.
 */
export const VENDOR_CHUNKS: Record<string, readonly string[]> = {
  react: ['react', 'react-dom', 'scheduler', 'react-router'],
  query: ['@tanstack/query-core', '@tanstack/react-query'],
  socket: ['socket.io-client', 'socket.io-parser', 'engine.io-client', 'engine.io-parser', '@socket.io/component-emitter'],
  zod: ['zod'],
};

/** The npm package a module file belongs to (`@scope/name` or `name`), or null for our own code. */
export function packageOf(id: string): string | null {
  const at = id.lastIndexOf('/node_modules/');
  if (at < 0) return null;
  const [first, second] = id.slice(at + '/node_modules/'.length).split('/');
  return first?.startsWith('@') ? `${first}/${second}` : (first ?? null);
}

/**
 * Rollup's `manualChunks` for the production build: the chunk of VENDOR_CHUNKS that `id` (a module's
 * file path) belongs to, or undefined to leave it where Rollup puts it (our own code, other packages).
 */
export function vendorChunk(id: string): string | undefined {
  const pkg = packageOf(id);
  if (!pkg) return undefined;
  return Object.keys(VENDOR_CHUNKS).find((chunk) => VENDOR_CHUNKS[chunk]!.includes(pkg));
}
