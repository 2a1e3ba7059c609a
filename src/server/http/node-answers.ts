/** Plain Node answers of the admin routes that run before Astro (streamed uploads): a 303, or a short text refusal. */
import type { ServerResponse } from 'node:http';

export function seeOther(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store', 'content-length': 0 });
  res.end();
}

export function refuseText(res: ServerResponse, status: 403 | 413, message: string): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(message),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(message);
}
