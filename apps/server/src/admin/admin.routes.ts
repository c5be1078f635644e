/**
 * POST /admin/commands/:name `{ args: string[] }` → 200 `{ output }`: runs the `npm run admin`
 * subcommand `name` (admin-commands.ts) in this server, for the command on the same machine while
 * this server holds the embedded database (issue #46 part 4). Guarded as GET /admin/backup is: only
 * from a direct loopback caller with `Authorization: Bearer <opsToken>` of the DATA_DIR lock file
 * (http/local-caller.ts), else 403; 404 without a DATA_DIR lock (PostgreSQL: the command opens the
 * database itself). A bad subcommand or bad arguments get 400 with the usage; the subcommand's own
 * refusals keep their status (404 for an unknown email). Answers with Cache-Control: no-store.
 */
import { ErrorCode } from '@mathsprint/shared/protocol';
import type { FastifyInstance } from 'fastify';
import type { AdminCommandResponse } from '@mathsprint/shared/protocol';
import { z } from 'zod';
import { parseInput } from '../http/errors.js';
import { isLocalOperation } from '../http/local-caller.js';
import { adminCommand, adminUsage, type AdminServices } from './admin-commands.js';
import { AppError } from '../platform/app-error.js';

export interface AdminRoutesOptions {
  services: AdminServices;
  /** The DATA_DIR lock's opsToken; undefined when there is no lock (PostgreSQL, in-memory). */
  opsToken: string | undefined;
}

const bodySchema = z.object({
  args: z.array(z.string().max(1_000, 'args entries must be at most 1000 characters'), { error: 'args must be a list of strings' }).max(20, 'args must have at most 20 entries'),
});

export async function adminRoutes(app: FastifyInstance, { services, opsToken }: AdminRoutesOptions): Promise<void> {
  app.post<{ Params: { name: string } }>('/admin/commands/:name', async (request, reply): Promise<AdminCommandResponse> => {
    reply.header('cache-control', 'no-store');
    if (opsToken === undefined) {
      throw new AppError(ErrorCode.NOT_FOUND, 'Operator commands over HTTP are for the embedded database; with DATABASE_URL, npm run admin opens the database itself');
    }
    if (!isLocalOperation(request, opsToken)) throw new AppError(ErrorCode.OPERATOR_ONLY, 'Operator commands are run with `npm run admin` on the server machine');
    const command = adminCommand(request.params.name);
    if (!command) throw new AppError(ErrorCode.INVALID_INPUT, `Unknown command '${request.params.name}'. ${adminUsage()}`);
    const { args } = parseInput(bodySchema, request.body);
    const output = await command.run(services, command.parse(args));
    request.log.info({ command: request.params.name, args }, 'operator command run');
    return { output };
  });
}
