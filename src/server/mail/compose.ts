/**
 * Turns claimed outbox rows into e-mails. A row written with its content (the confirmation, a
 * test send) goes as it is. A scheduled row (registrant, edition message) is decided and
 * rendered now, from the message as it is now: switched off, unsubscribed, stale or refused by
 * the access rule gives a skip with the reason; otherwise the personalised message, with its
 * stable Message-ID, the RFC 8058 headers on marketing messages and, on live editions' day
 * messages, the calendar file.
 */
import { inArray } from 'drizzle-orm';
import {
  accessAllowsMessage,
  dayWindowFor,
  dayWindows,
  formatDeadline,
  formatDuration,
  isSendable,
  messageSchedule,
  ruleDay,
  type DayWindow,
} from '../../domain/mail/send-rules.ts';
import type { AccessMode } from '../../domain/access/access-modes.ts';
import type { RegistrantTier } from '../../domain/entities.ts';
import { PLAN_NAMES } from '../../domain/offers.ts';
import type { MergeValues } from '../../domain/mail/merge-fields.ts';
import type { TimedPage, TimerConfig } from '../../domain/edition.ts';
import { siteBrandFrom } from '../brand/site-brand.ts';
import type { Database } from '../db/client.ts';
import { editionDays, editionMessages, editions, mailOutbox, mailPreferences, registrants, timerConfigs } from '../db/schema.ts';
import { eq } from 'drizzle-orm';
import { summitCalendar } from './calendar.ts';
import { linkBuilder, type PersonalMailLinks } from './personal-links.ts';
import { personalise, renderMessageTemplate, type EmailBrand, type MessageTemplate } from './render-message.ts';
import type { OutgoingMail } from './transport.ts';

export type OutboxRow = typeof mailOutbox.$inferSelect;
export type Composed = { kind: 'mail'; mail: OutgoingMail } | { kind: 'skip'; reason: string };

export type MessageRow = typeof editionMessages.$inferSelect & {
  editionSlug: string;
  editionTimezone: string;
  editionAccessMode: AccessMode;
};
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
};

export interface EditionFacts {
  windows: (DayWindow | null)[];
  calendar: string | null;
}

/** Stable per (registrant, message): "<m12.r345@summit.localhost>". */
export function stableMessageId(row: Pick<OutboxRow, 'id' | 'dedupeKey'>, siteUrl: string): string {
  const local = row.dedupeKey ? row.dedupeKey.replace(/[^a-zA-Z0-9]+/g, '.') : `outbox.${row.id}`;
  return `<${local}@${new URL(siteUrl).hostname}>`;
}

export async function loadMessages(db: Database, ids: number[]): Promise<Map<number, MessageRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      message: editionMessages,
      editionSlug: editions.slug,
      editionTimezone: editions.timezone,
      editionAccessMode: editions.accessMode,
    })
    .from(editionMessages)
    .innerJoin(editions, eq(editions.id, editionMessages.editionId))
    .where(inArray(editionMessages.id, ids));
  return new Map(rows.map(({ message, ...edition }) => [message.id, { ...message, ...edition }]));
}

async function loadRegistrants(db: Database, ids: number[]): Promise<Map<number, RegistrantRow>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: registrants.id,
      firstName: registrants.firstName,
      email: registrants.email,
      tier: registrants.tier,
      createdAt: registrants.createdAt,
      keyVersion: registrants.keyVersion,
      keyRevokedAt: registrants.keyRevokedAt,
      timeZone: mailPreferences.timeZone,
      unsubscribedAt: mailPreferences.unsubscribedAt,
    })
    .from(registrants)
    .leftJoin(mailPreferences, eq(mailPreferences.registrantId, registrants.id))
    .where(inArray(registrants.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
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
    const windows = dayWindows(editionTimers);
    const calendar = summitCalendar({
      slug: message.editionSlug,
      summitName: brand.summitName,
      timezone: message.editionTimezone,
      siteUrl: brand.siteUrl,
      days: windows.map((window, index) => ({
        day: index + 1,
        window,
        title: days.find((day) => day.editionId === message.editionId && day.day === index + 1)?.title ?? `Day ${index + 1}`,
      })),
    });
    facts.set(message.editionId, { windows, calendar });
  }
  return facts;
}

/** Why this copy must not go now, or null when it may. */
function skipReason({
  message,
  registrant,
  facts,
  now,
}: {
  message: MessageRow | undefined;
  registrant: RegistrantRow | undefined;
  facts: EditionFacts | undefined;
  now: Date;
}): string | null {
  if (!message || !registrant || !facts) return 'The message or the registrant no longer exists';
  if (!message.enabled) return 'The message is switched off';
  if (message.category === 'marketing' && registrant.unsubscribedAt) return 'The registrant unsubscribed';
  // Every message carries personal links: a revoked key opens nothing, so nothing is sent.
  if (registrant.keyRevokedAt) return 'The registrant’s personal link is revoked';
  if (
    !accessAllowsMessage({
      rule: message.rule,
      mode: message.editionAccessMode,
      registrant: { tier: registrant.tier, registeredAt: registrant.createdAt },
      now,
    })
  ) {
    return 'The edition’s access mode does not let them open this day';
  }
  const schedule = messageSchedule(message.rule, facts.windows);
  if (!schedule) return 'The message’s day has no timer';
  if (!isSendable(schedule, registrant.createdAt, now)) return 'Too late: the moment it was for has passed';
  return null;
}

export function mergeValues({
  message,
  registrant,
  facts,
  links,
  brand,
  now,
}: {
  message: MessageRow;
  registrant: RegistrantRow;
  facts: EditionFacts;
  links: PersonalMailLinks;
  brand: EmailBrand;
  now: Date;
}): MergeValues {
  const day = ruleDay(message.rule);
  const window = day ? facts.windows[day - 1] : null;
  const closes = window ? dayWindowFor(window, registrant.createdAt).end : null;
  return {
    first_name: registrant.firstName,
    summit_name: brand.summitName,
    day: day ? String(day) : '',
    day_link: links.day(day ?? 1),
    dashboard_link: links.dashboard,
    feed_link: links.feed,
    time_left: closes ? formatDuration(closes - now.getTime()) : '',
    deadline: closes ? formatDeadline(closes, registrant.timeZone ?? message.editionTimezone) : '',
    pass_name: registrant.tier === 'free' ? '' : PLAN_NAMES[registrant.tier],
    unsubscribe_link: links.unsubscribe,
  };
}

function adHocMail(row: OutboxRow, siteUrl: string): OutgoingMail {
  return { to: row.to, subject: row.subject ?? '', text: row.text ?? '', html: row.html ?? '', messageId: stableMessageId(row, siteUrl) };
}

export async function emailBrandFrom(db: Database, siteUrl: string): Promise<EmailBrand> {
  const brand = await siteBrandFrom(db);
  return {
    summitName: brand.summitName,
    logoUrl: brand.logoUrl,
    primaryColor: brand.colors.primaryStrong,
    supportEmail: brand.supportEmail,
    siteUrl,
  };
}

/** Decides and renders a batch of claimed rows; each message is rendered once per batch. */
export async function composeBatch({
  db,
  rows,
  siteUrl,
  now,
}: {
  db: Database;
  rows: OutboxRow[];
  siteUrl: string;
  now: Date;
}): Promise<Map<number, Composed>> {
  const scheduled = rows.filter((row) => row.editionMessageId !== null && row.registrantId !== null);
  const [messages, people, brand, links] = await Promise.all([
    loadMessages(db, [...new Set(scheduled.map((row) => row.editionMessageId as number))]),
    loadRegistrants(db, [...new Set(scheduled.map((row) => row.registrantId as number))]),
    emailBrandFrom(db, siteUrl),
    linkBuilder(db, siteUrl),
  ]);
  const facts = await loadEditionFacts(db, [...messages.values()], brand);
  const templates = new Map<number, Promise<MessageTemplate>>();
  const composed = new Map<number, Composed>();
  for (const row of rows) {
    if (row.editionMessageId === null || row.registrantId === null) {
      composed.set(row.id, { kind: 'mail', mail: adHocMail(row, siteUrl) });
      continue;
    }
    const message = messages.get(row.editionMessageId);
    const registrant = people.get(row.registrantId);
    const edition = message ? facts.get(message.editionId) : undefined;
    const reason = skipReason({ message, registrant, facts: edition, now });
    if (reason || !message || !registrant || !edition) {
      composed.set(row.id, { kind: 'skip', reason: reason ?? 'Unknown' });
      continue;
    }
    if (!templates.has(message.id)) templates.set(message.id, renderMessageTemplate(message, brand));
    const recipientLinks = links({ registrantId: registrant.id, keyVersion: registrant.keyVersion });
    const content = personalise(
      await (templates.get(message.id) as Promise<MessageTemplate>),
      mergeValues({ message, registrant, facts: edition, links: recipientLinks, brand, now }),
    );
    const marketing = message.category === 'marketing';
    composed.set(row.id, {
      kind: 'mail',
      mail: {
        to: registrant.email,
        ...content,
        messageId: stableMessageId(row, siteUrl),
        headers: marketing
          ? { 'List-Unsubscribe': `<${recipientLinks.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
          : undefined,
        attachments:
          edition.calendar && message.rule.kind === 'day'
            ? [{ filename: 'summit.ics', content: edition.calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
            : undefined,
      },
    });
  }
  return composed;
}
