// `npm run lint`: typescript-eslint's type-checked recommended rules over all TypeScript, and the
// layer rules of docs/testing.md (imports run one way) with eslint-plugin-import-x's
// no-restricted-paths. Each rule turned off or configured here says why.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

const root = path.dirname(fileURLToPath(import.meta.url));
const webFeatures = 'apps/web/src/features';
const features = fs
  .readdirSync(path.join(root, webFeatures), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverSrc = 'apps/server/src';
/** The server's domains: every folder but the layers under them. */
const domains = fs
  .readdirSync(path.join(root, serverSrc), { withFileTypes: true })
  .filter((d) => d.isDirectory() && !['platform', 'db', 'http'].includes(d.name))
  .map((d) => d.name);
const servicesOf = (domain) => fs.readdirSync(path.join(root, serverSrc, domain)).filter((f) => f.endsWith('.service.ts'));
/**
 * Each table file's owning domain: only that domain's folder (and db/ itself) imports it; every
 * other domain reads and writes the table through the owner's *.service.ts (handoff: table map).
 * Tests (apps/server/test), benchmarks and drizzle.config.ts sit outside src/ and may read any table.
 */
const tableOwners = {
  'users.ts': 'accounts',
  'games.ts': 'rating',
  'ratings.ts': 'rating',
  'solo.ts': 'solo',
  'contests.ts': 'contest',
  'daily.ts': 'daily',
  'fair-play.ts': 'fair-play',
};
const schemaDir = `${serverSrc}/db/schema`;
const schemaFiles = fs.readdirSync(path.join(root, schemaDir)).filter((f) => f.endsWith('.ts') && f !== 'index.ts');
const unowned = schemaFiles.filter((f) => !(f in tableOwners));
if (unowned.length > 0) throw new Error(`eslint.config.js: give ${unowned.join(', ')} an owning domain in tableOwners`);

export default defineConfig(
  {
    ignores: ['**/node_modules/', '**/dist/', 'apps/server/drizzle/', 'data/', 'artifacts/', 'backups/', '**/.vite/'],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Each file is checked in the program of its nearest tsconfig.json; vitest.config.ts, in
        // none, gets the base options.
        projectService: { allowDefaultProject: ['vitest.config.ts'], defaultProject: 'tsconfig.base.json' },
        tsconfigRootDir: root,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      // The server imports `./x.js` for `x.ts` (Node's ESM rule); the web app imports without an
      // extension. A path the resolver cannot follow would pass no-restricted-paths unseen, so
      // no-unresolved below makes sure it follows them all.
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          conditionNames: ['types', 'import', 'default'],
        }),
      ],
    },
    rules: {
      // Async functions without await are how this code meets a Promise-returning contract: Fastify's
      // async plugins and handlers, the memory stores beside their Redis twins. Being async makes
      // a throw a rejection, which is what their callers handle.
      '@typescript-eslint/require-await': 'off',
      // Services here are factories returning object literals whose methods close over their
      // state and never use `this` (createXService, createRoomStore…), so handing a method on, as
      // `allowRequest: floodGate.allowRequest`, is safe; the rule cannot tell them from classes.
      '@typescript-eslint/unbound-method': 'off',
      // React ignores what an event handler returns; an async onClick is the usual way to start
      // a request from a button, and its errors are caught inside it.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // react-router's navigate() returns a promise that settles once the navigation is done; a
      // failure goes to the route's error element, not to that promise, and no caller here has
      // anything to do after the move, so calling it is fire-and-forget.
      '@typescript-eslint/no-floating-promises': [
        'error',
        { allowForKnownSafeCalls: [{ from: 'package', name: 'NavigateFunction', package: 'react-router' }] },
      ],
      // A leading underscore marks a parameter or binding kept for its position or to leave it out
      // of a rest object.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              // The I/O edge, the configuration and the tables sit under every domain: they import
              // none (domains meet through *.service.ts; README "Architecture").
              target: ['apps/server/src/platform', 'apps/server/src/config.ts', 'apps/server/src/db'],
              from: 'apps/server/src',
              except: ['./platform', './config.ts', './db'],
              message: 'platform/, config.ts and db/ import no domain: move what both need down into platform/.',
            },
            {
              // The app wires everything; only main.ts (and the tests) may build it.
              target: [`${serverSrc}/!(main).ts`, `${serverSrc}/*/**`],
              from: [`${serverSrc}/app.ts`, `${serverSrc}/main.ts`],
              message: 'Only main.ts imports app.ts; take an interface of what is needed instead.',
            },
            // Domains meet through each other's *.service.ts (README "Architecture", STYLE.md).
            ...domains.flatMap((d) =>
              domains
                .filter((e) => e !== d)
                .map((e) => ({
                  target: `${serverSrc}/${d}`,
                  from: `${serverSrc}/${e}`,
                  except: servicesOf(e).map((f) => `./${f}`),
                  message: `${d}/ may use ${e}/ only through its *.service.ts.`,
                })),
            ),
            // A table is its owning domain's (tableOwners above).
            ...Object.entries(tableOwners).map(([file, owner]) => ({
              target: [`${serverSrc}/*.ts`, `${serverSrc}/!(db|${owner})/**`],
              from: `${schemaDir}/${file}`,
              message: `db/schema/${file} is ${owner}'s: read and write it through ${owner}/*.service.ts.`,
            })),
            {
              // The barrel of every table is for the Drizzle handle (platform/db.ts), drizzle-kit and tests.
              target: [`${serverSrc}/*.ts`, `${serverSrc}/!(db|platform)/**`, `${serverSrc}/platform/!(db).ts`],
              from: `${schemaDir}/index.ts`,
              message: "Import the owning domain's table file (db/schema/<file>.ts), not the barrel of every table.",
            },
            {
              target: 'packages/shared',
              from: 'apps',
              message: 'The shared package is imported by the apps, never the other way.',
            },
            {
              target: 'packages/shared/src/protocol/http.ts',
              from: 'packages/shared/src/protocol/socket.ts',
              message: 'The socket events carry HTTP shapes, not the other way: move what both need to its own module.',
            },
            // A web feature uses another only through its public index.ts (bulletproof-react's rule).
            ...features.flatMap((f) =>
              features
                .filter((g) => g !== f)
                .map((g) => ({
                  target: `${webFeatures}/${f}`,
                  from: `${webFeatures}/${g}`,
                  except: ['./index.ts'],
                  message: `Feature ${f} may use ${g} only through ${webFeatures}/${g}/index.ts.`,
                })),
            ),
          ],
        },
      ],
    },
  },
  {
    // Services read time from the injected clocks (platform/clock.ts): `clock` for the time the
    // rules use, `timer` for elapsed real time. Only platform/ (which implements them and the I/O
    // edge's own waits) and tests read the system's time directly.
    files: [`${serverSrc}/**/*.ts`],
    ignores: [`${serverSrc}/platform/**`, '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'Date',
          property: 'now',
          message:
            'Read time from the injected clocks (platform/clock.ts): `clock.now()` for the time of games, contests and dailies, `timer.now()` for cache lifetimes, back-offs and latency.',
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message:
            'new Date() reads the system clock: use new Date(clock.now()) with the injected Clock (platform/clock.ts), or the timer for elapsed time.',
        },
      ],
    },
  },
  {
    // These match control characters on purpose: the NUL that PostgreSQL cannot store, and the
    // control characters a return path must not carry.
    files: ['packages/shared/src/protocol/common.ts', 'apps/web/src/features/accounts/lib/return-to.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // The answer check echoes whatever arrived, objects as '[object Object]' included (its docstring).
    files: ['packages/shared/src/domain/questions/check.ts'],
    rules: { '@typescript-eslint/no-base-to-string': 'off' },
  },
  {
    // Tests and benchmarks read raw JSON bodies, socket payloads and WebSocket frames whose shape is
    // what they assert, so `any` from res.json() and ws's data are expected there.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'apps/web/e2e/**', 'apps/web/src/test-support/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // The shared package is small enough to check for import cycles on every run; over the server
    // the check would cost more than the rest. It skips type-only imports, hence the zone above.
    files: ['packages/shared/src/**'],
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
);
