/**
 * The registrant's personal links: /access/{key} signs a browser in and lands on a page of their
 * edition. E-mails, the thank-you page and the admin build them here, and only here.
 */
import type { RegistrantTier } from '../../domain/entities.ts';
import { feedUrl } from '../../domain/podcast/feed-links.ts';

/** The pages a personal link may land on. */
export const linkTargets = ['day-1', 'day-2', 'day-3', 'dashboard'] as const;
export type LinkTarget = (typeof linkTargets)[number];

export function isLinkTarget(value: string | null): value is LinkTarget {
  return value !== null && (linkTargets as readonly string[]).includes(value);
}

/**
 * "Your data" (docs/decisions/0084) is the person's across editions, so its link lands outside the
 * edition's pages: /access/{key}?to=your-data signs in and opens /your-data.
 */
export const YOUR_DATA_TARGET = 'your-data';
export const YOUR_DATA_PATH = '/your-data';

/** The personal link that signs in and opens "Your data". */
export function yourDataLink(siteUrl: string, key: string): string {
  return `${siteUrl}/access/${key}?to=${YOUR_DATA_TARGET}`;
}

/** Where a personal link without a target lands: All Access holders on their dashboard, everyone else on day 1. */
export function defaultTarget(tier: RegistrantTier): LinkTarget {
  return tier === 'aap' ? 'dashboard' : 'day-1';
}

export function editionPagePath(editionSlug: string, target: LinkTarget): string {
  return `/${editionSlug}/${target}`;
}

/** The personal link (absolute when siteUrl is given) that signs in and opens `target`. */
export function personalLink(siteUrl: string, key: string, target?: LinkTarget): string {
  return `${siteUrl}/access/${key}${target ? `?to=${target}` : ''}`;
}

export interface PersonalLinks {
  day1: string;
  dashboard: string;
  /** The private podcast feed: the same key, so revoking or re-issuing it ends the feed too. */
  feed: string;
}

export function personalLinks(siteUrl: string, key: string): PersonalLinks {
  return { day1: personalLink(siteUrl, key, 'day-1'), dashboard: personalLink(siteUrl, key, 'dashboard'), feed: feedUrl(siteUrl, key) };
}
