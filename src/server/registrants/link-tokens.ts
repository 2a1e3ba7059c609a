/**
 * The secret of a link e-mailed to confirm a change a registrant asked for (a new address, the
 * erasure of their data): 32 random bytes in the link, only its SHA-256 kept, working for a
 * number of hours. One way for both, so neither keeps a secret the other would not.
 */
import { createHash, randomBytes } from 'node:crypto';

/** What a link's token is kept as. */
export const linkTokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** A new token, its hash to store and when it stops working. */
export function newLinkToken(now: Date, hours: number): { token: string; tokenHash: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: linkTokenHash(token), expiresAt: new Date(now.getTime() + hours * 3600_000) };
}
