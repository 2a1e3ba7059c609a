/**
 * Deliveries reuse their connection to a receiver (src/server/webhooks/post.ts), and a kept
 * connection the receiver closed while it sat idle costs no delivery: the request goes again once
 * on a new connection.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { sendOutbound } from '../../../src/server/webhooks/post.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

const sockets = new Set<Socket>();
const answered = new WeakMap<Socket, number>();
let dropSecondOnEachConnection = false;
let requests = 0;

const server = useLoopbackServer((req, res) => {
  requests += 1;
  sockets.add(req.socket);
  const before = answered.get(req.socket) ?? 0;
  // The receiver "closed it while idle": the kept connection dies at the next request, unanswered.
  if (dropSecondOnEachConnection && before >= 1) {
    req.socket.destroy();
    return;
  }
  answered.set(req.socket, before + 1);
  req.resume();
  req.on('end', () => res.writeHead(204).end());
});

const deliver = () => sendOutbound({ url: `${server.url}/hook`, headers: {}, body: '{}', allowPrivate: true });

describe('kept connections to a receiver', () => {
  it('sends one delivery after another over one connection', async () => {
    for (let i = 0; i < 5; i++) expect((await deliver()).status).toBe(204);
    expect(requests).toBe(5);
    expect(sockets.size).toBe(1);
  });

  it('sends again on a new connection when the kept one was closed under it', async () => {
    dropSecondOnEachConnection = true;
    requests = 0;
    const outcomes = [await deliver(), await deliver(), await deliver()];
    expect(outcomes.map((outcome) => outcome.status)).toEqual([204, 204, 204]);
    // Each delivery after a dropped connection reached the receiver twice: once dropped, once answered.
    expect(requests).toBeGreaterThan(3);
  });
});
