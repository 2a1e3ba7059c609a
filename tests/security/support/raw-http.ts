/**
 * Raw HTTP/1.1 over a socket, for requests no HTTP client library will send: chunked bodies of
 * any size, TRACE, a Host header with userinfo, and for reading the status line as sent.
 */
import net from 'node:net';

export interface RawAnswer {
  statusLine: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends the head, then each body chunk (chunked encoding when `chunks` is given), and reads the answer. */
export function rawRequest(baseURL: string, head: string[], chunks?: Buffer[]): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    socket.on('data', (data) => {
      received = Buffer.concat([received, data]);
      // A whole answer (its Content-Length read): done, whatever is still being sent.
      const text = received.toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length:\s*(\d+)/i.exec(text.slice(0, end));
      if (end !== -1 && length && received.length - end - 4 >= Number(length[1])) {
        finish();
        socket.destroy();
      }
    });
    // The server may answer (413) and close while the body is still being sent: a write error
    // then is expected, and the answer already read is what counts.
    let failure: Error | undefined;
    socket.on('error', (error) => (failure = error));
    socket.on('close', () => (received.length > 0 || !failure ? finish() : reject(failure)));
    socket.setTimeout(30_000, () => socket.destroy());
    let finished = false;
    function finish() {
      if (finished) return;
      finished = true;
      const text = received.toString('latin1');
      const [headText = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = headText.split('\r\n');
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const raw = rest.join('\r\n\r\n');
      const body = /chunked/i.test(headers['transfer-encoding'] ?? '') ? dechunk(raw) : raw;
      resolve({ statusLine, status: Number(statusLine.split(' ')[1]), headers, body });
    }
    socket.on('connect', () => void send().catch((error: Error) => (failure = error)));
    async function send() {
      // A body the server refuses early is drained on a kept-alive connection; with
      // "Connection: close" the server would close with the body unread, and the reset can lose
      // its answer. Requests without a body ask for the close.
      const lines = chunks ? [...head, 'Transfer-Encoding: chunked'] : [...head, 'Connection: close'];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (!chunks) return;
      for (const chunk of chunks) {
        if (socket.destroyed) return;
        const ok = socket.write(Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
        if (!ok) await new Promise((resume) => (socket.once('drain', resume), socket.once('close', resume)));
      }
      if (!socket.destroyed) socket.write('0\r\n\r\n');
    }
  });
}

/** The data of a chunked body (sizes in hex, each chunk followed by CRLF, a 0-size chunk last). */
function dechunk(raw: string): string {
  let body = '';
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    const size = lineEnd === -1 ? 0 : parseInt(raw.slice(at, lineEnd), 16);
    if (!size) return body;
    body += raw.slice(lineEnd + 2, lineEnd + 2 + size);
    at = lineEnd + 2 + size + 2;
  }
}

/** n chunks of 64 KB. */
export const chunksOf64k = (n: number) => Array.from({ length: n }, () => Buffer.alloc(64 * 1024, 'a'));
