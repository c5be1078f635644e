/**
 * Once per test run: an embedded database as the app leaves it on its first start (PGlite's initdb
 * and every migration, through the server's own openDatabase), closed cleanly. startAppProcess
 * copies its `pgdata` folder into each app's new DATA_DIR, so the app opens a migrated database as
 * on a restart instead of running initdb and the migrations again, which takes most of an app's
 * start-up time off each of the apps the browser tests start one after another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/src/platform/db.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated `pgdata` folder to copy into an app's DATA_DIR. */
    appPgdataTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'ms-e2e-data-template-'));
  const database = await openDatabase({ dataDir: dir });
  await database.close();
  project.provide('appPgdataTemplate', path.join(dir, 'pgdata'));
  return () => rmSync(dir, { recursive: true, force: true });
}
