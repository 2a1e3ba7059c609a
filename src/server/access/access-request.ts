/**
 * "Find my access": an e-mail address in, its personal links out by e-mail. The answer and its
 * timing are the same whether or not the address is registered: the lookup and the mail run
 * after the answer, detached, and the per-address limit drops mail silently instead of saying so.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { isEmailAddress } from '../../domain/email-address.ts';
import type { Database } from '../db/client.ts';
import { registrants } from '../db/schema.ts';
import { rateLimiter } from '../rate-limits/rate-limit.ts';
import { log } from '../log.ts';
import { appNow } from '../clock.ts';
import { wakeOutbound } from '../outbound/wake.ts';
import { queueAccessLinkMail } from './registrant-mail.ts';

const HOUR_SECONDS = 3600;
/** When the links are looked up and queued, after the answer has gone (ms). */
const SEND_DELAY_MS = { min: 500, max: 2500 };
export const ACCESS_REQUEST_SENT =
  'If that address is registered, its personal access link is on its way. Check your inbox (and the spam folder) in a few minutes.';
export const ACCESS_REQUEST_INVALID = 'Enter the e-mail address you registered with.';
export const ACCESS_REQUEST_RATE_LIMITED = 'You have asked several times in a short while. Please wait an hour and try again.';

const emailSchema = z.string().trim().toLowerCase().refine(isEmailAddress);

/**
 * Per client (`limit` requests an hour), per address and client (half of it: one client cannot
 * keep mailing one address), and per address (four times it: many clients together cannot flood
 * an inbox), shared by every app process (src/server/rate-limits/rate-limit.ts). The owner's own
 * request is counted apart from anyone else's, so others asking for their address cannot use up
 * its mail.
 */
function rateLimiters(db: Database, limit: number) {
  return {
    client: rateLimiter(db, { name: 'access-request-client', limit, windowSeconds: HOUR_SECONDS }),
    addressFromClient: rateLimiter(db, {
      name: 'access-request-address-client',
      limit: Math.max(1, Math.ceil(limit / 2)),
      windowSeconds: HOUR_SECONDS,
    }),
    address: rateLimiter(db, { name: 'access-request-address', limit: limit * 4, windowSeconds: HOUR_SECONDS }),
  };
}

export type AccessRequestAnswer =
  | { kind: 'sent'; message: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'rate-limited'; message: string; retryAfterSeconds: number };

/**
 * Later, not at the next turn of the event loop: run at once, the lookup and the mail's writes
 * held up this very answer (47 ms against 11 for an unknown address). A random
 * delay also keeps the work from landing on a predictable next request.
 */
function sendLater(work: () => Promise<void>): void {
  setTimeout(() => void work(), SEND_DELAY_MS.min + Math.random() * (SEND_DELAY_MS.max - SEND_DELAY_MS.min)).unref();
}

/** Sends the links of every registration of the address (one mail per edition). */
export async function sendAccessLinks(db: Database, email: string, now: Date = appNow()): Promise<number> {
  const rows = await db.select({ id: registrants.id }).from(registrants).where(eq(registrants.email, email));
  // Due at once on whichever clock the worker reads (a test may have moved either).
  const due = new Date(Math.min(now.getTime(), Date.now()));
  let queued = 0;
  for (const row of rows) {
    if (await db.transaction((tx) => queueAccessLinkMail(tx, row.id, due))) queued += 1;
  }
  if (queued) wakeOutbound();
  return queued;
}

/**
 * Handles one request. `send` runs detached (never awaited here), so a registered address costs
 * the visitor no more time than an unknown one. `limit`: ACCESS_REQUEST_RATE_LIMIT.
 */
export async function requestAccessLink({
  db,
  rawEmail,
  client,
  limit,
  send,
  later = sendLater,
}: {
  db: Database;
  rawEmail: unknown;
  client: string;
  limit: number;
  send: (email: string) => Promise<unknown>;
  /** When the send runs (tests run it at once); by default 0.5-2.5 s after the answer. */
  later?: (work: () => Promise<void>) => void;
}): Promise<AccessRequestAnswer> {
  const limiters = rateLimiters(db, limit);
  const verdict = await limiters.client.take(client);
  if (!verdict.allowed) return { kind: 'rate-limited', message: ACCESS_REQUEST_RATE_LIMITED, retryAfterSeconds: verdict.retryAfterSeconds };
  const parsed = emailSchema.safeParse(rawEmail);
  if (!parsed.success) return { kind: 'invalid', message: ACCESS_REQUEST_INVALID };
  // Counted for every well-formed address alike, so the timing says nothing about registration.
  const fromClient = await limiters.addressFromClient.take(`${parsed.data} ${client}`);
  if (fromClient.allowed && (await limiters.address.take(parsed.data)).allowed) {
    later(async () => {
      await send(parsed.data).catch((error: unknown) => log.error({ err: error }, 'access link could not be queued'));
    });
  }
  return { kind: 'sent', message: ACCESS_REQUEST_SENT };
}
