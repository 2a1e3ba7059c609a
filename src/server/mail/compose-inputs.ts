/**
 * What composing a batch of e-mails reads: the messages with their editions, the registrants
 * with their mail preferences and consent, each edition's day windows and calendar file, and the
 * brand every e-mail wears (src/emails/summit-email.ts).
 */
import { SITE_LANG } from '../../domain/page-meta.ts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AccessMode } from '../../domain/access/access-modes.ts';
import { formatDayRangeWithYear } from '../../domain/dates.ts';
import type { TimedPage, TimerConfig } from '../../domain/edition.ts';
import type { RegistrantTier } from '../../domain/entities.ts';
import { dayWindows, type DayWindow } from '../../domain/mail/send-rules.ts';
import { tierNamesOf } from '../../domain/offers.ts';
import { passCheckoutUrls } from '../payments/checkout-config.ts';
import type { PassKind } from '../../domain/passes.ts';
import type { EditionSettings } from '../../domain/edition-settings/schema.ts';
import { siteBrandFrom } from '../brand/site-brand.ts';
import { settingsOfRow } from '../editions/stored-settings.ts';
import type { Database } from '../db/client.ts';
import { editionDays, editionMessages, editions, emailSuppressions, mailPreferences, registrants, timerConfigs } from '../db/schema.ts';
import type { SuppressionReason } from '../../domain/suppression/suppression.ts';
import { summitCalendar } from './calendar.ts';
import type { EmailBrand } from './render-message.ts';

/** What a message's rendering needs from its edition. */
export interface MessageEdition {
  editionSlug: string;
  editionTimezone: string;
  editionAccessMode: AccessMode;
  /** "July 15-17 2025": the {{summit_dates}} merge field. */
  summitDates: string;
  /** The edition's own support address (its settings), used when the brand names none. */
  editionSupportEmail: string | null;
  /** What the edition calls each tier: the {{pass_name}} and per-pass name merge fields. */
  tierNames: Record<RegistrantTier, string>;
  /** What the edition's marketing consent covers, as the footers name it. */
  consentTopics: string;
  /** The edition's language, the e-mail's lang. */
  lang: string;
  /** Each pass's checkout link (its settings): the {{offered_pass_link}} merge field. */
  checkoutUrls: Record<PassKind, string>;
  /** The passes' prices and early prices and the edition's currency: the {{offered_pass_price}} fields (docs/decisions/0064). */
  passPrices: { upgrade: EditionSettings['upgrade']; currency: string };
}

export type MessageRow = typeof editionMessages.$inferSelect & MessageEdition;

export type RegistrantRow = {
  id: number;
  firstName: string;
  email: string;
  tier: RegistrantTier;
  createdAt: Date;
  keyVersion: number;
  keyRevokedAt: Date | null;
  timeZone: string | null;
  unsubscribedAt: Date | null;
  /** Marketing consent (decision 0034): null gets transactional messages only. */
  consentedAt: Date | null;
  /** Their address's suppression in force (docs/decisions/0082), or null. */
  suppressedReason: SuppressionReason | null;
  suppressedSince: Date | null;
};

export interface EditionFacts {
  windows: (DayWindow | null)[];
  /** The timers themselves: the e-mails ask the one access rule with them, as the day pages do. */
  timers: Partial<Record<TimedPage, TimerConfig>>;
  calendar: string | null;
}

const editionColumns = {
  editionSlug: editions.slug,
  editionTimezone: editions.timezone,
  editionAccessMode: editions.accessMode,
  summitStartDate: editions.summitStartDate,
  summitEndDate: editions.summitEndDate,
  settings: editions.settings,
};

export type EditionColumns = { [K in keyof typeof editionColumns]: (typeof editionColumns)[K]['_']['data'] };

/** The edition's part of its messages, from its row (a rehearsal passes an edition read whole). */
export function messageEdition({ summitStartDate, summitEndDate, settings: stored, ...edition }: EditionColumns): MessageEdition {
  const settings = settingsOfRow({ slug: edition.editionSlug, summitEndDate, settings: stored });
  return {
    ...edition,
    summitDates: formatDayRangeWithYear(summitStartDate, summitEndDate),
    editionSupportEmail: settings.dashboard.supportEmail.trim() || null,
    tierNames: tierNamesOf(settings.upgrade),
    consentTopics: settings.texts.consentTopics,
    lang: settings.texts.meta.lang,
    checkoutUrls: passCheckoutUrls({ slug: edition.editionSlug, settings }),
    passPrices: { upgrade: settings.upgrade, currency: settings.checkout.currency },
  };
}

export async function loadMessages(db: Database, ids: number[]): Promise<Map<number, MessageRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ message: editionMessages, ...editionColumns })
    .from(editionMessages)
    .innerJoin(editions, eq(editions.id, editionMessages.editionId))
    .where(inArray(editionMessages.id, ids));
  return new Map(rows.map(({ message, ...edition }) => [message.id, { ...message, ...messageEdition(edition) }]));
}

/** The edition's part of a message, for rendering a message not stored yet (the admin's draft); null when there is no such edition. */
export async function loadMessageEdition(db: Database, editionId: number): Promise<MessageEdition | null> {
  const [row] = await db.select(editionColumns).from(editions).where(eq(editions.id, editionId)).limit(1);
  return row ? messageEdition(row) : null;
}

export const registrantColumns = {
  id: registrants.id,
  firstName: registrants.firstName,
  email: registrants.email,
  tier: registrants.tier,
  createdAt: registrants.createdAt,
  keyVersion: registrants.keyVersion,
  keyRevokedAt: registrants.keyRevokedAt,
  timeZone: mailPreferences.timeZone,
  unsubscribedAt: mailPreferences.unsubscribedAt,
  consentedAt: registrants.consentedAt,
  suppressedReason: emailSuppressions.reason,
  suppressedSince: emailSuppressions.since,
};

/** The suppression in force for the registrant's address (stored normalised, as the list is). */
export const suppressionOfRegistrant = and(eq(emailSuppressions.address, registrants.email), isNull(emailSuppressions.liftedAt));

export async function loadRegistrants(db: Database, ids: number[]): Promise<Map<number, RegistrantRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select(registrantColumns)
    .from(registrants)
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .leftJoin(emailSuppressions, suppressionOfRegistrant)
    .where(inArray(registrants.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** An edition's day windows and (a live edition) its calendar file, from its timers and day titles. */
export function editionFactsOf(
  edition: { slug: string; timezone: string; timers: Partial<Record<TimedPage, TimerConfig>>; titleOf: (day: number) => string | null },
  brand: EmailBrand,
): EditionFacts {
  const windows = dayWindows(edition.timers);
  const calendar = summitCalendar({
    slug: edition.slug,
    summitName: brand.summitName,
    timezone: edition.timezone,
    siteUrl: brand.siteUrl,
    days: windows.map((window, index) => ({ day: index + 1, window, title: edition.titleOf(index + 1) })),
  });
  return { windows, timers: edition.timers, calendar };
}

/** The day windows and (live editions) the calendar file of each edition involved. */
export async function loadEditionFacts(db: Database, messages: MessageRow[], brand: EmailBrand): Promise<Map<number, EditionFacts>> {
  const editionIds = [...new Set(messages.map((message) => message.editionId))];
  if (!editionIds.length) return new Map();
  const [timers, days] = await Promise.all([
    db.select().from(timerConfigs).where(inArray(timerConfigs.editionId, editionIds)),
    db
      .select({ editionId: editionDays.editionId, day: editionDays.day, title: editionDays.title })
      .from(editionDays)
      .where(inArray(editionDays.editionId, editionIds)),
  ]);
  const facts = new Map<number, EditionFacts>();
  for (const message of messages) {
    if (facts.has(message.editionId)) continue;
    const editionTimers: Partial<Record<TimedPage, TimerConfig>> = {};
    for (const timer of timers.filter((row) => row.editionId === message.editionId)) editionTimers[timer.page] = timer.config;
    const titleOf = (day: number) => days.find((row) => row.editionId === message.editionId && row.day === day)?.title ?? null;
    facts.set(
      message.editionId,
      editionFactsOf({ slug: message.editionSlug, timezone: message.editionTimezone, timers: editionTimers, titleOf }, brand),
    );
  }
  return facts;
}

/** The site brand as e-mails wear it; the support address is filled per edition (brandForMessage). */
export async function emailBrandFrom(db: Database, siteUrl: string): Promise<EmailBrand> {
  const brand = await siteBrandFrom(db);
  return {
    summitName: brand.summitName,
    logoUrl: brand.logoUrl,
    primaryColor: brand.colors.primaryStrong,
    secondaryColor: brand.colors.secondary,
    accentColor: brand.colors.accent,
    supportEmail: brand.supportEmail,
    replyTo: brand.replyToEmail,
    siteUrl,
    consentTopics: '',
    lang: SITE_LANG,
  };
}

/** The brand for one message: the brand's support address, else its edition's; the edition's consent wording and language. */
export function brandForMessage(
  brand: EmailBrand,
  message: Pick<MessageRow, 'editionSupportEmail' | 'consentTopics' | 'lang'>,
): EmailBrand {
  return {
    ...brand,
    supportEmail: brand.supportEmail ?? message.editionSupportEmail,
    consentTopics: message.consentTopics,
    lang: message.lang,
  };
}
