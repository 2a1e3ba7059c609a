/**
 * Signing a browser in as a registrant. The cookie holds the registrant's personal key (HttpOnly,
 * SameSite=Lax, Secure behind HTTPS); every request checks it against the registrant's current
 * key version and revocation, so re-issuing or revoking closes every signed-in browser on its
 * next request, in every process.
 */
import type { AstroCookies } from 'astro';
import { and, eq, isNull } from 'drizzle-orm';
import { registrantReference, type Buyer } from '../../domain/access/checkout.ts';
import type { RegistrantTier } from '../../domain/entities.ts';
import type { Database } from '../db/client.ts';
import { editions, emailSuppressions, mailPreferences, registrants } from '../db/schema.ts';
import { isBounce } from '../../domain/suppression/suppression.ts';
import { boundedCache, bytesOf } from '../caching/bounded-cache.ts';
import { accessSecret, buildKey, keyMatches, parseKey } from './keys.ts';

export const REGISTRANT_COOKIE = 'summit_registrant';

/** What reading the sign-in needs: Astro's cookies, or a plain Node route's parsed Cookie header. */
export interface CookieReader {
  get(name: string): { value: string } | undefined;
}
export const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 3600;

export interface SignedInRegistrant {
  id: number;
  editionId: number;
  editionSlug: string;
  firstName: string;
  email: string;
  tier: RegistrantTier;
  registeredAt: Date;
  /** Their own time zone (their browser's at registration), or null: the pages write their times in it (readerTimeZone). */
  timeZone: string | null;
  /** The current personal key, to print links (never logged). */
  key: string;
  /**
   * Their address is suppressed because it bounced (docs/decisions/0082): their dashboard says so.
   * Read with the key, so the fast path reads nothing more; a suppression added or lifted is an
   * access change, which forgets this everywhere.
   */
  addressBounced: boolean;
}

/**
 * Keys already looked up, so a returning registrant's request reads no row: every access change
 * (a pass granted or taken back, a tier changed, a link revoked or re-issued, a registrant erased)
 * empties this in every process (access-events.ts); the time limit only bounds how long a process
 * that missed an announcement (its LISTEN connection was down) can lag.
 */
const KEY_TTL_MS = 30_000;
const knownKeys = boundedCache<{ registrant: SignedInRegistrant | null }>({
  name: 'signed-in registrants',
  maxEntries: 50_000,
  maxBytes: 32 * 1024 * 1024,
  sizeOf: ({ registrant }) => 256 + (registrant ? bytesOf.json(registrant) : 0),
  ttlMs: KEY_TTL_MS,
});
/** Bumped by every forget, so a lookup that started before an access change is not kept after it. */
let generation = 0;

export function forgetSignedInRegistrants(): void {
  generation += 1;
  knownKeys.clear();
}

/**
 * What this process remembers of a key, without touching the database: the registrant, null when
 * the key opens nothing, undefined when it has not looked the key up (lately).
 */
export function knownRegistrant(key: string): SignedInRegistrant | null | undefined {
  return knownKeys.get(key)?.registrant;
}

/** The registrant a key opens now, or null when it is unknown, tampered with, re-issued or revoked. */
export async function registrantByKey(db: Database, key: string): Promise<SignedInRegistrant | null> {
  const known = knownKeys.get(key);
  if (known) return known.registrant;
  const startedAt = generation;
  const registrant = await readRegistrantByKey(db, key);
  if (generation === startedAt) knownKeys.set(key, { registrant });
  return registrant;
}

async function readRegistrantByKey(db: Database, key: string): Promise<SignedInRegistrant | null> {
  const parsed = parseKey(key);
  if (!parsed) return null;
  const [row] = await db
    .select({
      id: registrants.id,
      editionId: registrants.editionId,
      editionSlug: editions.slug,
      firstName: registrants.firstName,
      email: registrants.email,
      tier: registrants.tier,
      registeredAt: registrants.createdAt,
      keyVersion: registrants.keyVersion,
      keyRevokedAt: registrants.keyRevokedAt,
      timeZone: mailPreferences.timeZone,
      suppressedReason: emailSuppressions.reason,
    })
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .leftJoin(emailSuppressions, and(eq(emailSuppressions.address, registrants.email), isNull(emailSuppressions.liftedAt)))
    .where(eq(registrants.id, parsed.registrantId))
    .limit(1);
  if (!row || row.keyRevokedAt) return null;
  const secret = await accessSecret(db);
  if (!keyMatches({ secret, key, registrantId: row.id, version: row.keyVersion })) return null;
  const { keyVersion: _version, keyRevokedAt: _revoked, suppressedReason, ...registrant } = row;
  return { ...registrant, key, addressBounced: suppressedReason !== null && isBounce(suppressedReason) };
}

/** The current key of a registrant (for links in e-mails and pages), or null when revoked. */
export async function currentKey(db: Database, registrantId: number): Promise<string | null> {
  const [row] = await db
    .select({ version: registrants.keyVersion, revokedAt: registrants.keyRevokedAt })
    .from(registrants)
    .where(eq(registrants.id, registrantId))
    .limit(1);
  if (!row || row.revokedAt) return null;
  return buildKey(await accessSecret(db), registrantId, row.version);
}

/**
 * Readable by page scripts, and holding nothing secret (the edition's slug): the site header of
 * pages cached for everyone shows the registrant's links from it (src/layouts/SiteHeader.astro).
 */
export const SIGNED_IN_HINT_COOKIE = 'summit_signed_in';

export function signIn({
  cookies,
  key,
  secure,
  editionSlug,
}: {
  cookies: AstroCookies;
  key: string;
  secure: boolean;
  editionSlug: string;
}): void {
  cookies.set(REGISTRANT_COOKIE, key, { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: COOKIE_MAX_AGE_SECONDS });
  cookies.set(SIGNED_IN_HINT_COOKIE, editionSlug, { httpOnly: false, sameSite: 'lax', secure, path: '/', maxAge: COOKIE_MAX_AGE_SECONDS });
}

export function signOut(cookies: AstroCookies, secure: boolean): void {
  cookies.delete(REGISTRANT_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  cookies.delete(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure });
}

/**
 * The registrant this browser is signed in as, or null. A cookie that no longer opens anything
 * (revoked, re-issued, tampered with) is treated as signed out.
 */
export async function signedInRegistrant(db: Database, cookies: CookieReader): Promise<SignedInRegistrant | null> {
  const key = cookies.get(REGISTRANT_COOKIE)?.value;
  if (!key) return null;
  return registrantByKey(db, key);
}

/** Who is buying, for checkout links (client_reference_id, prefilled_email), or null when anonymous. */
export function buyerOf(registrant: SignedInRegistrant | null): Buyer | null {
  return registrant ? { reference: registrantReference(registrant.id), email: registrant.email } : null;
}
