/**
 * `npm run backup [FILE]` and `npm run restore FILE` (root package.json): backup and restore of the
 * embedded database in DATA_DIR (ops/backup.ts). Reads the same environment as the server
 * (DATA_DIR, DATABASE_URL). Exits 0 on success, 1 with a message on stderr otherwise.
 */
import { loadConfig } from '../config.js';
import { backupDataDir, defaultBackupFile, restoreDataDir } from './backup.js';

const PG_DUMP_HINT =
  'DATABASE_URL is set: MathSprint is on PostgreSQL, back it up with pg_dump -Fc "$DATABASE_URL" -f mathsprint.dump ' +
  'and restore with pg_restore --clean --if-exists -d "$DATABASE_URL" mathsprint.dump (see docs/operations.md)';

async function run(argv: string[]): Promise<void> {
  const [command, file] = argv;
  const config = loadConfig();
  if (command !== 'backup' && command !== 'restore') {
    throw new Error('Usage: npm run backup [FILE] | npm run restore FILE');
  }
  if (config.DATABASE_URL) throw new Error(PG_DUMP_HINT);
  if (command === 'backup') {
    const result = await backupDataDir({ dataDir: config.DATA_DIR, file: file ?? defaultBackupFile() });
    const from = result.source === 'server' ? 'from the running server' : 'with no server running';
    console.log(`Backup of DATA_DIR ${config.DATA_DIR} written to ${result.file} (${result.bytes} bytes, ${from})`);
    return;
  }
  if (!file) throw new Error('Usage: npm run restore FILE (a file written by npm run backup)');
  const result = await restoreDataDir({ dataDir: config.DATA_DIR, file });
  console.log(
    `Restored ${file} into DATA_DIR ${config.DATA_DIR} (${result.migrations} migrations recorded; pending ones run at the next start).` +
      (result.previous ? ` The database that was there is kept in ${result.previous}; delete it once you are satisfied.` : ''),
  );
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
