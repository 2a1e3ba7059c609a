/**
 * A server on loopback that accepts every request and never answers (until closed): a webhook
 * receiver or an e-mail list provider that hangs, for the outbound lanes' test and bench.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HangingServer {
  url: string;
  /** Requests accepted so far. */
  requests(): number;
  /** Drops every held connection (the requests fail at once) and stops listening. */
  close(): Promise<void>;
}

export async function startHangingServer(): Promise<HangingServer> {
  let requests = 0;
  const server = http.createServer(() => {
    requests += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
