// Bundles the server into dist/main.js: our workspace packages are inlined (they ship TypeScript
// sources), every npm dependency stays external and is loaded from node_modules at run time.
// OUTFILE (tests) puts the bundle elsewhere; it must stay under apps/server so that the migrations
// folder and node_modules are found from it.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: process.env.OUTFILE ?? 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-npm-deps',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@mathsprint/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
