/**
 * The registrant's personal key (DESIGN.md "The registrant's key"). It drives the personal link,
 * the browser sign-in, the feed URL and the links in e-mails. The key is
 * `{id}-{HMAC-SHA256(secret, "registrant:{id}:{version}")}` (192 bits of MAC), so nothing secret
 * is stored per registrant: the server rebuilds it from the id and the key version whenever a
 * page or an e-mail needs it. Re-issuing bumps the version (every old link stops working);
 * revoking marks the registrant's key revoked until it is re-issued.
 *
 * The secret comes from ACCESS_KEY_SECRET (handed over by the entry: src/server/process-config.ts),
 * or is generated once into the database (app_meta), so every process on one Postgres, and the
 * embedded database in the data folder, share it.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { appMeta } from '../db/schema.ts';
import { SharedLoad } from '../db/shared-load.ts';

const SECRET_META_KEY = 'access_key_secret';
const MAC_LENGTH = 32;
const KEY_PATTERN = /^(\d{1,10})-([A-Za-z0-9_-]{32})$/;

/** ACCESS_KEY_SECRET as the entry configured it; undefined until then (no key is made or read). */
let configuredSecret: { value: string | undefined } | undefined;
const loadedSecret = new SharedLoad<string>();

/**
 * Called by the entry with ACCESS_KEY_SECRET (undefined: the database's generated secret). There
 * is no default: keys made before it would be under a secret the process may not use.
 */
export function configureAccessKeys(secret: string | undefined): void {
  if (configuredSecret && configuredSecret.value === secret) return;
  configuredSecret = { value: secret };
  // A load in flight under the old secret is dropped, not awaited.
  void loadedSecret.forget();
}

async function loadOrCreateSecret(db: Database): Promise<string> {
  if (!configuredSecret) throw new Error('The access key secret is not configured: the entry calls configureProcess() first');
  const configured = configuredSecret.value;
  if (configured) return configured;
  // Every process inserts the same candidate row; the first one wins and all read it back.
  await db
    .insert(appMeta)
    .values({ key: SECRET_META_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: appMeta.key });
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, SECRET_META_KEY)).limit(1);
  if (typeof row?.value !== 'string') throw new Error('The access key secret could not be stored');
  return row.value;
}

/** The server secret, loaded once per process (one module graph: decision 0013). */
export function accessSecret(db: Database): Promise<string> {
  return loadedSecret.get(() => loadOrCreateSecret(db));
}

function mac(secret: string, registrantId: number, version: number): string {
  return purposeMac(secret, `registrant:${registrantId}:${version}`);
}

/** A MAC under the server secret for one purpose ("unsubscribe:12", ...): never a personal key. */
export function purposeMac(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(purpose).digest('base64url').slice(0, MAC_LENGTH);
}

/** Whether `given` is the MAC of `purpose` (constant time). */
export function purposeMacMatches(secret: string, purpose: string, given: string): boolean {
  const expected = Buffer.from(purposeMac(secret, purpose));
  const candidate = Buffer.from(given);
  return expected.length === candidate.length && timingSafeEqual(expected, candidate);
}

export function buildKey(secret: string, registrantId: number, version: number): string {
  return `${registrantId}-${mac(secret, registrantId, version)}`;
}

/** The registrant id a key claims, or null when it cannot be a key at all. */
export function parseKey(key: string): { registrantId: number; mac: string } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const registrantId = Number(match[1]);
  if (!Number.isSafeInteger(registrantId) || registrantId < 1 || registrantId > 2_147_483_647) return null;
  return { registrantId, mac: match[2] as string };
}

/** Whether the key is the one currently issued for this registrant and version (constant time). */
export function keyMatches({
  secret,
  key,
  registrantId,
  version,
}: {
  secret: string;
  key: string;
  registrantId: number;
  version: number;
}): boolean {
  const expected = Buffer.from(buildKey(secret, registrantId, version));
  const given = Buffer.from(key);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
