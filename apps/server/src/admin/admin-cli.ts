/**
 * `npm run admin -- SUBCOMMAND [ARGS]` (root package.json), issue #46 part 4: grant, revoke and
 * list operators (admin-commands.ts), with or without a server running (admin-runner.ts). Reads
 * the same environment as the server (DATA_DIR, DATABASE_URL). Prints what it did and exits 0;
 * prints a message on stderr and exits 1 otherwise (unknown email, bad arguments, no database).
 */
import { loadConfig } from '../config.js';
import { runAdminCommand } from './admin-runner.js';

async function run(argv: string[]): Promise<void> {
  const [name, ...args] = argv;
  const { text } = await runAdminCommand(loadConfig(), name, args);
  console.log(text);
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
