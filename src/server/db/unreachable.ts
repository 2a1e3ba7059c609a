/**
 * Whether an error means "the database cannot be reached" (the server is down, restarting, refuses
 * connections, or dropped ours), as opposed to a fault in a query or in our code. Pages that can
 * do without the database answer from memory or bundled content then, and the rest answer 503
 * "temporarily unavailable" instead of 500 (docs/decisions/0024).
 *
 * node-postgres reports these as socket errors (`code` ECONNREFUSED, ...), server errors with a
 * SQLSTATE (`code` 57P01 when an administrator ends our session, 08xxx connection exceptions,
 * ...) or plain errors with a message only (a connection that ended, a pool connect that timed
 * out). Drizzle wraps a failed query (DrizzleQueryError) with the driver's error as its `cause`;
 * Node wraps several failed connection attempts in an AggregateError. Both are looked through.
 */

/** Socket errors: nothing listens, the network is gone, the connection was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATEs: class 08 (connection exception), 57P01 admin_shutdown (pg_terminate_backend, a
 * fast shutdown), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, in recovery),
 * 53300 too_many_connections, 3D000 the database does not exist (dropped, or not created yet).
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300', '3D000']);

/** Errors that carry no code (node-postgres and pg-pool), by their message. */
const MESSAGES = [
  /^Connection terminated/i, // "Connection terminated unexpectedly", "... due to connection timeout"
  /^timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /^Client was closed and is not queryable/i,
  /^Cannot use a pool after calling end on the pool/i,
  // 55000 object_not_in_prerequisite_state is also raised by queries; only this message is a refused connection.
  /^database ".*" is not currently accepting connections/i,
];

function codeOf(error: object): string | null {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : null;
}

export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const code = codeOf(error);
  if (code && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08'))) return true;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable((error as { cause?: unknown }).cause, depth + 1);
}
