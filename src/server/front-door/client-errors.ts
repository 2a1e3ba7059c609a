/**
 * What the server answers when Node's HTTP parser refuses a request before any of the site's code
 * sees it (the server's 'clientError', docs/decisions/0070). A request line and headers over
 * Node's limit (16 KB; a 100 KB `cursor` in an API address) got Node's bare 431 with no body.
 * The parser has not read the path by then (the request line is what overflowed), so whether it
 * was the API's cannot be known: every such answer is now problem+json, as the API's errors are,
 * which reads as plain words in a browser too, with the headers every answer carries. The other
 * refusals stay Node's own (400, the 408 of REQUEST_TIMEOUT_SECONDS, 413 for chunk extensions).
 */
import type { Duplex } from 'node:stream';
import { problem, PROBLEM_TYPE } from '../../domain/api/problem.ts';

const TOO_LONG = JSON.stringify(
  problem(431, 'The address and headers of the request are too long together (at most 16 KB). Send less in the address.'),
);

const head = (status: string, extra: string[] = []) => [`HTTP/1.1 ${status}`, 'Connection: close', ...extra, '', ''].join('\r\n');

const ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: head('431 Request Header Fields Too Large', [
    `Content-Type: ${PROBLEM_TYPE}; charset=utf-8`,
    `Content-Length: ${Buffer.byteLength(TOO_LONG)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'",
    'X-Frame-Options: DENY',
    'Referrer-Policy: strict-origin-when-cross-origin',
  ]).concat(TOO_LONG),
  HPE_CHUNK_EXTENSIONS_OVERFLOW: head('413 Payload Too Large'),
  ERR_HTTP_REQUEST_TIMEOUT: head('408 Request Timeout'),
};

/** How long a refused client may go on sending before the connection is cut. */
const DRAIN_MS = 5000;
const answered = new WeakSet<Duplex>();

/**
 * The server's 'clientError' listener: Node's own behaviour, but a 431 carries its problem+json.
 * Node cuts the connection at once, and a client still sending its long head then gets a reset
 * that can lose the answer; the rest is read (and dropped) for a few seconds instead, as the body
 * limits do.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (answered.has(socket)) return;
  // As Node does: answer only while nothing of a response was written on this connection.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  answered.add(socket);
  socket.end(ANSWERS[error.code ?? ''] ?? head('400 Bad Request'));
  setTimeout(() => socket.destroy(), DRAIN_MS).unref();
}
