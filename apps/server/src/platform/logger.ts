/**
 * Structured logging (pino). Each domain takes a child: `logger.child({ domain: 'duel' })`.
 * Pretty output is not installed; lines are JSON, one per event.
 *
 * Errors (`err`) go through pino's standard serializer, less the parameters of a failed database
 * query: drizzle's DrizzleQueryError carries them (`params`, and in its message and stack), and
 * they can be a user's email or password hash. The query text and the database's own error
 * (its `cause`, which pino appends to the message and stack) stay.
 */
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** A JSON logger at `level` writing to stdout, or to `destination` (tests). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, serializers: { err: serializeError } };
  return destination ? pino(options, destination) : pino(options);
}

/** A failed query as drizzle-orm's DrizzleQueryError reports it. */
interface FailedQuery extends Error {
  query: string;
  params: unknown[];
}

const isFailedQuery = (error: unknown): error is FailedQuery =>
  error instanceof Error && typeof (error as Partial<FailedQuery>).query === 'string' && Array.isArray((error as Partial<FailedQuery>).params);

/** pino's `err` serializer without a failed query's parameters (see the module's header). */
export function serializeError(error: unknown): ReturnType<typeof pino.stdSerializers.err> {
  const out = pino.stdSerializers.err(error as Error);
  if (!isFailedQuery(error)) return out;
  // pino appends the causes' messages and stacks to the error's own.
  const redacted = `Failed query: ${error.query}`;
  const { params: _params, ...rest } = out as typeof out & { params?: unknown };
  return { ...rest, message: out.message.replace(error.message, redacted), stack: out.stack.replace(error.message, redacted) };
}
