/**
 * A webhook receiver on loopback for the tests: it verifies every delivery with the
 * `standardwebhooks` package (the specification's reference library) against the secret it is
 * given, records what it got, and answers as the test tells it to (fail, redirect, 410, 10 MB).
 */
import type http from 'node:http';
import { Webhook } from 'standardwebhooks';
import { useLoopbackServer } from '../../support/loopback-server.ts';

export interface Received {
  path: string;
  id: string;
  body: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Whether Webhook.verify accepted it with each secret the test named. */
  verified: boolean[];
}

export function useReceiver() {
  const state = {
    received: [] as Received[],
    secrets: [] as string[],
    /** Answers by path, one at a time; an empty list answers 200. */
    answers: new Map<string, ((res: http.ServerResponse) => void)[]>(),
  };
  const server = useLoopbackServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const verified = state.secrets.map((secret) => {
        try {
          new Webhook(secret).verify(raw, headers);
          return true;
        } catch {
          return false;
        }
      });
      state.received.push({ path: req.url ?? '', id: headers['webhook-id'] ?? '', body: JSON.parse(raw), verified });
      const answer = state.answers.get(req.url ?? '')?.shift();
      if (answer) answer(res);
      else res.end('ok');
    });
  });
  return {
    state,
    url: (path: string) => `${server.url}${path}`,
    answer(path: string, ...answers: ((res: http.ServerResponse) => void)[]) {
      state.answers.set(path, answers);
    },
    reset() {
      state.received.length = 0;
      state.secrets.length = 0;
      state.answers.clear();
    },
  };
}

export const status =
  (code: number, headers: Record<string, string> = {}) =>
  (res: http.ServerResponse) => {
    res.writeHead(code, headers);
    res.end(`answered ${code}`);
  };
