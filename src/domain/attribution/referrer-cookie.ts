/**
 * The first-party cookie that remembers who sent a visitor (decision 0038): one per edition,
 * holding the share link's id, for 30 days. The first share link followed wins: a second `/r/`
 * visit within the 30 days leaves the cookie as it is.
 */

export const REFERRER_DAYS = 30;
export const REFERRER_MAX_AGE_SECONDS = REFERRER_DAYS * 24 * 3600;

export const referrerCookieName = (editionId: number) => `summit_ref_${editionId}`;

/** The share link id a cookie value names, or null when it names none. */
export function parseReferrerCookie(value: string | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}
