/**
 * Answers assembled in buffers used again (src/server/http/response-buffers.ts): many answers at
 * once, of different sizes and with text of several bytes per character, each arrive whole and
 * as their own, also to clients that read slowly; a buffer is used again only once released
 * (the hot path releases it in res.end's callback, when the answer has finished).
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { assembledBody } from '../../../src/server/http/response-buffers.ts';
import { useLoopbackServer } from '../../support/loopback-server.ts';

/** The parts of answer n: a large fixed part, its number as text (with a 3-byte character) and a tail. */
function partsOf(n: number): Array<Buffer | string> {
  return [Buffer.alloc(150_000 + (n % 7) * 15_000, 97 + (n % 26)), `€${n}€`, Buffer.from(`-end-${n}`)];
}

function expected(n: number): Buffer {
  return Buffer.concat(partsOf(n).map((part) => (typeof part === 'string' ? Buffer.from(part) : part)));
}

describe('answers assembled in buffers used again', () => {
  const server = useLoopbackServer((req, res) => {
    const n = Number(new URL(req.url!, 'http://x').searchParams.get('n'));
    const body = assembledBody(partsOf(n));
    res.writeHead(200, ['content-length', String(body.bytes.length)]);
    res.end(body.bytes, body.release);
  });

  /** One request read at the given pace (a slow reader pauses between chunks). */
  function fetchSlowly(n: number, pauseMs: number): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      http
        .get(`${server.url}/?n=${n}`, { agent: false }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => {
            chunks.push(chunk);
            if (pauseMs) {
              res.pause();
              setTimeout(() => res.resume(), pauseMs);
            }
          });
          res.on('end', () => resolve(Buffer.concat(chunks)));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  }

  it('gives every client its own answer, whole, however many ask at once and however slowly they read', async () => {
    const ns = Array.from({ length: 60 }, (_, index) => index);
    const answers = await Promise.all(ns.map((n) => fetchSlowly(n, n % 3 === 0 ? 20 : 0)));
    answers.forEach((answer, n) => expect(answer.equals(expected(n)), `answer ${n}`).toBe(true));
  });

  it('uses a buffer again only once its answer has released it', () => {
    const first = assembledBody(['first answer']);
    const second = assembledBody(['second answer']);
    expect(second.bytes.buffer).not.toBe(first.bytes.buffer);
    expect(first.bytes.toString()).toBe('first answer');
    first.release!();
    const third = assembledBody(['third answer']);
    expect(third.bytes.buffer).toBe(first.bytes.buffer);
    expect(second.bytes.toString()).toBe('second answer');
    second.release!();
    third.release!();
  });

  it('keeps no buffer of a very large answer', () => {
    expect(assembledBody([Buffer.alloc(300 * 1024)]).release).toBeUndefined();
  });

  it('sizes the buffer for text of several bytes per character', () => {
    const body = assembledBody([Buffer.from('a'), '€'.repeat(10_000), '😀'.repeat(5_000)]);
    expect(body.bytes.toString()).toBe(`a${'€'.repeat(10_000)}${'😀'.repeat(5_000)}`);
  });
});
