/**
 * Which of the encodings an answer is kept in the client takes, as `negotiator` reads its
 * Accept-Encoding (q-values, `*`, `identity;q=0`). Clients send a handful of different headers,
 * and reading one was 2% of a cached page's JavaScript: each header's choice is made once per list
 * of encodings, in a bounded cache like every other.
 */
import Negotiator from 'negotiator';
import type { IncomingMessage } from 'node:http';
import { boundedCache } from './bounded-cache.ts';

const choices = boundedCache<{ encoding: string | undefined }>({
  name: 'accepted encodings',
  maxEntries: 500,
  maxBytes: 256 * 1024,
  sizeOf: () => 64,
});

/** The encoding of `offered` (in order of preference) the client takes; undefined when none. */
export function acceptedEncoding(req: Pick<IncomingMessage, 'headers'>, offered: readonly string[]): string | undefined {
  const header = req.headers['accept-encoding'];
  const key = `${offered.join(',')}\n${Array.isArray(header) ? header.join(',') : (header ?? '')}`;
  const known = choices.get(key);
  if (known) return known.encoding;
  const encoding = new Negotiator(req).encoding([...offered]);
  choices.set(key, { encoding });
  return encoding;
}
