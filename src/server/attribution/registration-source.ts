/**
 * Records where a new registration came from (decision 0038), in the registration's own
 * transaction: the share link the browser's referrer cookie names (only one of the same edition:
 * the cookie is the visitor's to change) and the campaign fields. Nothing is written when neither
 * is known.
 */
import { and, eq } from 'drizzle-orm';
import { hasUtm, type Utm } from '../../domain/attribution/utm.ts';
import type { Database } from '../db/client.ts';
import { registrationSources, shareLinks } from '../db/schema.ts';

export interface RegistrationSource {
  /** The share link id the referrer cookie names, unchecked. */
  shareLinkId: number | null;
  campaign: Utm;
}

/** What was recorded, as a webhook reports it (docs/decisions/0058). */
export interface RecordedSource {
  shareLinkCode: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export const noSource: RecordedSource = { shareLinkCode: null, utmSource: null, utmMedium: null, utmCampaign: null };

export async function recordRegistrationSource(
  tx: Database,
  { registrantId, editionId, source }: { registrantId: number; editionId: number; source: RegistrationSource },
): Promise<RecordedSource> {
  const link = source.shareLinkId === null ? null : await linkOfEdition(tx, source.shareLinkId, editionId);
  if (link === null && !hasUtm(source.campaign)) return noSource;
  await tx.insert(registrationSources).values({
    registrantId,
    shareLinkId: link?.id ?? null,
    utmSource: source.campaign.utm_source,
    utmMedium: source.campaign.utm_medium,
    utmCampaign: source.campaign.utm_campaign,
  });
  return {
    shareLinkCode: link?.code ?? null,
    utmSource: source.campaign.utm_source ?? null,
    utmMedium: source.campaign.utm_medium ?? null,
    utmCampaign: source.campaign.utm_campaign ?? null,
  };
}

async function linkOfEdition(tx: Database, linkId: number, editionId: number): Promise<{ id: number; code: string } | null> {
  const row = await tx.query.shareLinks.findFirst({
    columns: { id: true, code: true },
    where: and(eq(shareLinks.id, linkId), eq(shareLinks.editionId, editionId)),
  });
  return row ?? null;
}
