/**
 * Everything the site holds about one person (docs/decisions/0084): a person is an e-mail address,
 * across every edition they registered for, because that is how they know themselves and how the
 * law's request reaches the host. Read only through their address, so nothing of anyone else's is
 * ever in it: their registrations, marketing consent with its wording and time, mail preferences,
 * passes and payments, listening, the e-mails queued or sent to them, and the share link and
 * campaign that brought them. The "Your data" page shows it and the download is its JSON.
 */
import { asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  editionMessages,
  editions,
  episodeDownloads,
  episodes,
  mailOutbox,
  mailPreferences,
  purchases,
  registrants,
  registrationSources,
  shareLinks,
} from '../db/schema.ts';
import { consentRecordsOf } from '../consents/consent-records.ts';
import type { RegistrantData, RegistrationData, SentMailData } from '../../domain/registrant-data/registrant-data.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

async function registrationRows(db: Database, email: string) {
  return db
    .select({
      id: registrants.id,
      editionSlug: editions.slug,
      editionName: editions.name,
      firstName: registrants.firstName,
      email: registrants.email,
      tier: registrants.tier,
      createdAt: registrants.createdAt,
      consentedAt: registrants.consentedAt,
      consentWording: registrants.consentWording,
      timeZone: mailPreferences.timeZone,
      unsubscribedAt: mailPreferences.unsubscribedAt,
      sourceRecordedAt: registrationSources.recordedAt,
      shareLink: shareLinks.name,
      utmSource: registrationSources.utmSource,
      utmMedium: registrationSources.utmMedium,
      utmCampaign: registrationSources.utmCampaign,
    })
    .from(registrants)
    .innerJoin(editions, eq(editions.id, registrants.editionId))
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .leftJoin(registrationSources, eq(registrationSources.registrantId, registrants.id))
    .leftJoin(shareLinks, eq(shareLinks.id, registrationSources.shareLinkId))
    .where(eq(registrants.email, email))
    .orderBy(asc(registrants.createdAt), asc(registrants.id));
}

async function passesOf(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(purchases).where(inArray(purchases.registrantId, ids)).orderBy(asc(purchases.createdAt), asc(purchases.id));
}

async function listeningOf(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      registrantId: episodeDownloads.registrantId,
      title: episodes.title,
      deletedTitle: episodeDownloads.deletedEpisodeTitle,
      route: episodeDownloads.route,
      at: episodeDownloads.countedAt,
    })
    .from(episodeDownloads)
    .leftJoin(episodes, eq(episodes.id, episodeDownloads.episodeId))
    .where(inArray(episodeDownloads.registrantId, ids))
    .orderBy(asc(episodeDownloads.countedAt), asc(episodeDownloads.id));
}

/** The e-mails to the address or to one of their registrations (an edition message's subject is its message's). */
async function mailOf(db: Database, email: string, ids: number[]): Promise<SentMailData[]> {
  const rows = await db
    .select({
      subject: mailOutbox.subject,
      messageSubject: editionMessages.subject,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
    })
    .from(mailOutbox)
    .leftJoin(editionMessages, eq(editionMessages.id, mailOutbox.editionMessageId))
    .where(ids.length ? or(eq(mailOutbox.to, email), inArray(mailOutbox.registrantId, ids)) : eq(mailOutbox.to, email))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
  return rows.map((row) => ({
    subject: row.subject ?? row.messageSubject ?? '',
    status: row.status,
    queuedAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
  }));
}

/** What the site holds about the address, now. `email` is the normalised address (registrants.email). */
export async function registrantDataOf(db: Database, email: string, now: Date): Promise<RegistrantData> {
  const rows = await registrationRows(db, email);
  const ids = rows.map((row) => row.id);
  const [passes, listening, emails, consents] = await Promise.all([
    passesOf(db, ids),
    listeningOf(db, ids),
    mailOf(db, email, ids),
    consentRecordsOf(db, ids),
  ]);
  const registrations = rows.map((row): RegistrationData => ({
    edition: { slug: row.editionSlug, name: row.editionName },
    registrantId: row.id,
    firstName: row.firstName,
    email: row.email,
    pass: row.tier,
    registeredAt: row.createdAt.toISOString(),
    timeZone: row.timeZone,
    marketingConsent: row.consentedAt ? { givenAt: row.consentedAt.toISOString(), wording: row.consentWording } : null,
    consents: consents.get(row.id) ?? [],
    unsubscribedAt: iso(row.unsubscribedAt),
    cameFrom: row.sourceRecordedAt
      ? { shareLink: row.shareLink, utmSource: row.utmSource, utmMedium: row.utmMedium, utmCampaign: row.utmCampaign }
      : null,
    passes: passes
      .filter((pass) => pass.registrantId === row.id)
      .map((pass) => ({
        pass: pass.pass,
        source: pass.source,
        status: pass.status,
        amount: pass.amount,
        currency: pass.currency,
        refunded: pass.refunded,
        boughtAt: pass.createdAt.toISOString(),
        endedAt: iso(pass.endedAt),
      })),
    listening: listening
      .filter((listen) => listen.registrantId === row.id)
      .map((listen) => ({
        episode: listen.title ?? listen.deletedTitle ?? 'A removed episode',
        route: listen.route,
        at: listen.at.toISOString(),
      })),
  }));
  return { email, collectedAt: now.toISOString(), registrations, emails };
}
