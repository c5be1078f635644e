/**
 * The subcommands of `npm run admin` (issue #46 part 4), one entry each in ADMIN_COMMANDS. The same
 * table runs in two places: in the running server, which POST /admin/commands/:name serves to the
 * command over loopback (admin.routes.ts), and in the command itself when no server holds the
 * database (admin-cli.ts). So a subcommand is written once: how its arguments are read (zod over
 * argv), what it does with the services, the JSON it answers (a zod schema, parsed again by the
 * command when it came over HTTP) and how it is printed.
 *
 * To add one: give AdminServices the service it needs
 * (createAdminServices builds them over a database), and add an entry here (fair-play-commands.ts adds `flagged` and `clear ATTEMPT_ID`).
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import { z } from 'zod';
import { createOperatorsService, type OperatorAccount, type OperatorsService } from '../accounts/operators.service.js';
import type { Database } from '../platform/db.js';
import { accountTable } from './admin-output.js';
import { createFairPlayAdmin, fairPlayCommands, type FairPlayAdmin } from './fair-play-commands.js';
import { AppError } from '../platform/app-error.js';

/** What the subcommands act on; the server passes its own, the offline command builds them. */
export interface AdminServices {
  operators: OperatorsService;
  fairPlay: FairPlayAdmin;
}

/** The services of the subcommands over `db` (the offline command's, and the server's). */
export function createAdminServices(db: Database): AdminServices {
  return { operators: createOperatorsService(db), fairPlay: createFairPlayAdmin(db) };
}

export interface AdminCommand<Input, Output> {
  /** Arguments as the usage line shows them: 'EMAIL'. */
  args: string;
  /** One line for the usage text. */
  summary: string;
  /** Reads argv (after the subcommand's name). @throws AppError 400 with the usage on bad arguments. */
  parse(argv: readonly string[]): Input;
  run(services: AdminServices, input: Input): Promise<Output>;
  /** The JSON the subcommand answers, checked again where it arrives over HTTP. */
  output: z.ZodType<Output>;
  /** What the command prints on success. */
  print(output: Output): string;
}

const accountSchema: z.ZodType<OperatorAccount> = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isOperator: z.boolean(),
});
const changeSchema = z.object({ account: accountSchema, changed: z.boolean() });
type Change = z.infer<typeof changeSchema>;

const emailArg = z.string().trim().toLowerCase().pipe(z.email());

/** argv of exactly one EMAIL; AppError 400 naming the usage otherwise. */
function parseEmail(name: string, argv: readonly string[]): { email: string } {
  const parsed = emailArg.safeParse(argv[0] ?? '');
  if (argv.length !== 1 || !parsed.success) {
    const got = argv.length === 0 ? 'no email' : argv.length > 1 ? `${argv.length} arguments` : `'${argv[0]}', which is not an email address`;
    throw new AppError(ErrorCode.INVALID_INPUT, `Usage: npm run admin -- ${name} EMAIL (got ${got})`);
  }
  return { email: parsed.data };
}

const grant: AdminCommand<{ email: string }, Change> = {
  args: 'EMAIL',
  summary: 'make the account with this email an operator (it may schedule contests)',
  parse: (argv) => parseEmail('grant', argv),
  run: (services, { email }) => services.operators.grant(email),
  output: changeSchema,
  print: ({ account, changed }) =>
    `${changed ? 'Granted' : 'Already an operator, unchanged'}: ${account.email}\n${accountTable([account])}`,
};

const revoke: AdminCommand<{ email: string }, Change> = {
  args: 'EMAIL',
  summary: 'take the operator role back from the account with this email',
  parse: (argv) => parseEmail('revoke', argv),
  run: (services, { email }) => services.operators.revoke(email),
  output: changeSchema,
  print: ({ account, changed }) =>
    `${changed ? 'Revoked' : 'Not an operator, unchanged'}: ${account.email}\n${accountTable([account])}`,
};

const list: AdminCommand<Record<string, never>, { operators: OperatorAccount[] }> = {
  args: '',
  summary: 'list the operators',
  parse(argv) {
    if (argv.length > 0) throw new AppError(ErrorCode.INVALID_INPUT, `Usage: npm run admin -- list (takes no arguments, got ${argv.length})`);
    return {};
  },
  run: async (services) => ({ operators: await services.operators.list() }),
  output: z.object({ operators: z.array(accountSchema) }),
  print: ({ operators }) =>
    operators.length === 0
      ? 'No operators. Grant one with: npm run admin -- grant EMAIL'
      : `${operators.length} operator${operators.length === 1 ? '' : 's'}:\n${accountTable(operators)}`,
};

/** Every subcommand of `npm run admin`, by name. */
export const ADMIN_COMMANDS = { grant, revoke, list, ...fairPlayCommands } as const;

export type AdminCommandName = keyof typeof ADMIN_COMMANDS;

/** The subcommand called `name` (own entries only: 'toString' is none), or undefined. */
export function adminCommand(name: string): AdminCommand<unknown, unknown> | undefined {
  return Object.hasOwn(ADMIN_COMMANDS, name) ? ADMIN_COMMANDS[name as AdminCommandName] : undefined;
}

/** The usage text: every subcommand with its arguments and summary. */
export function adminUsage(): string {
  const lines = Object.entries(ADMIN_COMMANDS).map(([name, c]) => `  npm run admin -- ${`${name} ${c.args}`.trim().padEnd(20)} ${c.summary}`);
  return `Usage:\n${lines.join('\n')}`;
}
