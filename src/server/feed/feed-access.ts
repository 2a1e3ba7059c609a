/**
 * The feed's ONE binding to registrant access (decision 0015) (the registrant's key and the one access rule). Everything
 * else in src/server/feed and src/server/episodes asks only this module:
 * - which registrant a feed key belongs to, and whether it was revoked, re-issued or erased;
 * - the key to put in a registrant's feed URL;
 * - which edition days that registrant may hear now (decideAccess / canListen);
 * - the server secret that signs the day pages' audio links.
 * The feed key IS the registrant's personal key (src/server/access/keys.ts): revoking or
 * re-issuing it in the admin closes the feed and its enclosures with everything else.
 */
import { eq } from 'drizzle-orm';
import { canListen, decideAccess } from '../../domain/access/access-rule.ts';
import type { Edition, TimerConfig } from '../../domain/edition.ts';
import type { RegistrantTier } from '../../domain/entities.ts';
import { dayOpensAt, FEED_DAYS, type FeedDay } from '../../domain/podcast/drip.ts';
import { forgetOnAccessChange } from '../access/access-events.ts';
import { accessSecret, buildKey, keyMatches, parseKey } from '../access/keys.ts';
import type { Database } from '../db/client.ts';
import { registrants } from '../db/schema.ts';
import { boundedCache, bytesOf } from '../caching/bounded-cache.ts';

export interface FeedRegistrant {
  id: number;
  editionId: number;
  firstName: string;
  tier: RegistrantTier;
  registeredAt: Date;
}

/** active: the key is the registrant's current one; gone: it was, and no longer is (410); unknown: never was (404). */
export type KeyHolder = { kind: 'active'; registrant: FeedRegistrant } | { kind: 'gone' } | { kind: 'unknown' };

/**
 * Keys already looked up, kept briefly and bounded: podcast apps poll every few minutes, and a
 * poll should not need the database. An access change (revoke, re-issue, erase) calls
 * forgetFeedKeys() in every process (src/server/access/access-events.ts); a tier change shows
 * within the TTL.
 */
const KEY_TTL_MS = 30_000;
const rememberedKeys = boundedCache<KeyHolder>({
  name: 'feed keys',
  maxEntries: 50_000,
  maxBytes: 16 * 1024 * 1024,
  sizeOf: (holder) => (holder.kind === 'active' ? 128 + bytesOf.text(holder.registrant.firstName) : 32),
  ttlMs: KEY_TTL_MS,
});

export function forgetFeedKeys(): void {
  rememberedKeys.clear();
}
// Made with the memory it clears: wherever keys can be remembered, an access change forgets them.
forgetOnAccessChange(forgetFeedKeys);

/** The server secret, for other signatures derived from it (listen-links.ts). */
export function signingSecret(db: Database): Promise<string> {
  return accessSecret(db);
}

/** The key in this registrant's feed URL: their current personal key. */
export async function feedKeyFor(db: Database, registrantId: number): Promise<string> {
  const [row] = await db.select({ version: registrants.keyVersion }).from(registrants).where(eq(registrants.id, registrantId)).limit(1);
  return buildKey(await accessSecret(db), registrantId, row?.version ?? 1);
}

/** Links re-issued more often than this before an erasure answer 404 rather than 410 afterwards. */
const MOST_KEY_VERSIONS_CHECKED = 20;

function wasEverIssued(secret: string, key: string, registrantId: number): boolean {
  for (let version = 1; version <= MOST_KEY_VERSIONS_CHECKED; version++)
    if (keyMatches({ secret, key, registrantId, version })) return true;
  return false;
}

async function lookUpKey(db: Database, key: string): Promise<KeyHolder> {
  const parsed = parseKey(key);
  if (!parsed) return { kind: 'unknown' };
  const secret = await accessSecret(db);
  const [row] = await db
    .select({
      id: registrants.id,
      editionId: registrants.editionId,
      firstName: registrants.firstName,
      tier: registrants.tier,
      registeredAt: registrants.createdAt,
      keyVersion: registrants.keyVersion,
      keyRevokedAt: registrants.keyRevokedAt,
    })
    .from(registrants)
    .where(eq(registrants.id, parsed.registrantId))
    .limit(1);
  // Erased: the row and its key version are gone, so any version a link could have had is
  // tried; a key we issued is over (410), anything else never was (404).
  if (!row) return wasEverIssued(secret, key, parsed.registrantId) ? { kind: 'gone' } : { kind: 'unknown' };
  const { keyVersion, keyRevokedAt, ...registrant } = row;
  if (keyMatches({ secret, key, registrantId: row.id, version: keyVersion }))
    return keyRevokedAt ? { kind: 'gone' } : { kind: 'active', registrant };
  // An earlier version: re-issued since.
  for (let version = keyVersion - 1; version >= 1; version--)
    if (keyMatches({ secret, key, registrantId: row.id, version })) return { kind: 'gone' };
  return { kind: 'unknown' };
}

/** The key's holder if this process looked it up lately, undefined otherwise (never loads). */
export function rememberedFeedKey(key: string): KeyHolder | undefined {
  return rememberedKeys.get(key);
}

export async function resolveFeedKey(db: Database, key: string): Promise<KeyHolder> {
  const known = rememberedKeys.get(key);
  if (known) return known;
  const holder = await lookUpKey(db, key);
  // Only keys we issued are remembered, so made-up keys cannot fill the cache.
  if (holder.kind !== 'unknown') rememberedKeys.set(key, holder);
  return holder;
}

/**
 * The days this registrant may hear now, each with the instant it opened for them: a day opens
 * (src/domain/podcast/drip.ts) and stays while the one access rule lets them listen, with
 * their tier and the edition's access mode.
 */
export function audibleDays({
  edition,
  timers,
  registrant,
  now,
}: {
  edition: Edition;
  timers: ReadonlyMap<FeedDay, TimerConfig | null>;
  registrant: FeedRegistrant;
  now: Date;
}): Map<number, Date> {
  const open = new Map<number, Date>();
  for (const day of FEED_DAYS) {
    const timer = timers.get(day) ?? null;
    const opensAt = dayOpensAt(timer, registrant.registeredAt, day);
    if (now < opensAt) continue;
    const answer = decideAccess({
      mode: edition.accessMode,
      viewer: { kind: 'registrant', tier: registrant.tier, registeredAt: registrant.registeredAt },
      page: `day${day}`,
      timer,
      firstVisit: opensAt,
      now,
      // The feed redirects nowhere: only whether they may listen matters here.
      overRedirect: '',
      signInRedirect: '',
    });
    if (canListen(answer)) open.set(day, opensAt);
  }
  return open;
}
