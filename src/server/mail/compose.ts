/**
 * Turns claimed outbox rows into e-mails. A row written with its content (the confirmation, a
 * test send) goes as it is. A scheduled row (registrant, edition message) is decided and
 * rendered now, from the message as it is now: switched off, unsubscribed, stale or refused by
 * the access rule gives a skip with the reason; otherwise the personalised message, with its
 * stable Message-ID, the RFC 8058 headers on marketing messages and, on live editions' day
 * messages, the calendar file.
 */
import { priceNow, quotedPrice } from '../../domain/pass-price.ts';
import { needsMarketingConsent } from '../../domain/mail/message-kinds.ts';
import {
  accessAllowsMessage,
  dayWindowFor,
  formatDeadline,
  formatDuration,
  isPaymentRule,
  isSendable,
  messageSchedule,
  ruleCarriesCalendar,
  ruleDay,
  type SendRuleKind,
} from '../../domain/mail/send-rules.ts';
import type { MergeValues } from '../../domain/mail/merge-fields.ts';
import { paymentEventOf, paymentValues, type PaidPurchase, type PaymentEventRef } from '../../domain/mail/payment-fields.ts';
import { isOfferMessage, withoutOffer } from '../../domain/mail/offer-blocks.ts';
import { checkoutUrlFor, registrantReference } from '../../domain/access/checkout.ts';
import { offeredPass } from '../../domain/offered-pass.ts';
import { sendsDespiteSuppression, suppressedSkipReason } from '../../domain/suppression/suppression.ts';
import type { Database } from '../db/client.ts';
import type { mailOutbox } from '../db/schema.ts';
import {
  brandForMessage,
  emailBrandFrom,
  loadEditionFacts,
  loadMessages,
  loadRegistrants,
  type EditionFacts,
  type MessageRow,
  type RegistrantRow,
} from './compose-inputs.ts';
import { linkBuilder, type PersonalMailLinks } from './personal-links.ts';
import { loadPurchases } from './payment-inputs.ts';
import { replayPaidBy } from '../payments/pricing.ts';
import { personalise, renderMessageTemplate, type EmailBrand, type MessageTemplate } from './render-message.ts';
import type { OutgoingMail } from './transport.ts';

export type { EditionFacts, MessageRow, RegistrantRow };
export type OutboxRow = typeof mailOutbox.$inferSelect;
/** `rule`: the send rule of an edition message's copy (null: an ad hoc e-mail), which says whether a suppressed address still gets it. */
export type Composed = { kind: 'mail'; mail: OutgoingMail; rule: SendRuleKind | null } | { kind: 'skip'; reason: string };

/** Stable per (registrant, message): "<m12.r345@summit.localhost>". */
export function stableMessageId(row: Pick<OutboxRow, 'id' | 'dedupeKey'>, siteUrl: string): string {
  const local = row.dedupeKey ? row.dedupeKey.replace(/[^a-zA-Z0-9]+/g, '.') : `outbox.${row.id}`;
  return `<${local}@${new URL(siteUrl).hostname}>`;
}

/** The timer of the day a rule is about, or null (no day, or an untimed one). */
function dayTimer(rule: MessageRow['rule'], facts: EditionFacts) {
  const day = ruleDay(rule);
  return day ? (facts.timers[`day${day}`] ?? null) : null;
}

/** Why this copy must not go now, or null when it may. */
export function skipReason({
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
  // A suppressed address gets nothing but the links it asks for itself (docs/decisions/0082).
  if (registrant.suppressedReason && registrant.suppressedSince && !sendsDespiteSuppression(message.rule.kind))
    return suppressedSkipReason({ reason: registrant.suppressedReason, since: registrant.suppressedSince });
  if (needsMarketingConsent(message.category) && registrant.unsubscribedAt) return 'The registrant unsubscribed';
  // Registered without the box, or by a payment: transactional mail only until they opt in.
  if (needsMarketingConsent(message.category) && !registrant.consentedAt) return 'The registrant has not agreed to marketing e-mails';
  // Every message carries personal links: a revoked key opens nothing, so nothing is sent.
  if (registrant.keyRevokedAt) return 'The registrant’s personal link is revoked';
  // An offer as a whole is not sent to someone who holds what it offers (decision 0057).
  if (isOfferMessage(message) && offeredPass(registrant.tier) === null) return 'They hold the pass the message offers';
  if (
    !accessAllowsMessage({
      rule: message.rule,
      mode: message.editionAccessMode,
      timer: dayTimer(message.rule, facts),
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

/** The payment a receipt or refund notice is about, when the message is one. */
export interface MessagePayment {
  event: PaymentEventRef | null;
  purchase: PaidPurchase | null;
}

export function mergeValues({
  message,
  registrant,
  facts,
  links,
  brand,
  now,
  payment = null,
  replayPaid = null,
}: {
  message: MessageRow;
  registrant: RegistrantRow;
  facts: EditionFacts;
  links: PersonalMailLinks;
  brand: EmailBrand;
  now: Date;
  payment?: MessagePayment | null;
  /** What a Replay holder paid for it (replayPaidBy); null: nothing known, the pass's price. */
  replayPaid?: number | null;
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
    pass_name: registrant.tier === 'free' ? '' : message.tierNames[registrant.tier],
    ...passValues(message, registrant, { now, replayPaid }),
    unsubscribe_link: links.unsubscribe,
    summit_dates: message.summitDates,
    // One page for both ways: opting in and unsubscribing.
    preferences_link: links.unsubscribe,
    your_data_link: links.yourData,
    ...paymentValues({
      event: payment?.event ?? null,
      purchase: payment?.purchase ?? null,
      passNames: message.tierNames,
      dashboardLink: links.dashboard,
      lang: message.lang,
    }),
  };
}

/** Whether the message is about a payment (a receipt, a refund notice): it needs its purchase to say anything. */
const aboutPayment = (message: MessageRow | undefined) => message !== undefined && isPaymentRule(message.rule.kind);

/**
 * The edition's pass names and the pass offered to this registrant, with a checkout link that
 * carries them and the price the checkout would charge them at the moment the message goes: its
 * early price and deadline while one applies, and for a Replay holder the difference (decision 0064).
 */
function passValues(message: MessageRow, registrant: RegistrantRow, { now, replayPaid }: { now: Date; replayPaid: number | null }) {
  const offered = offeredPass(registrant.tier);
  const buyer = { reference: registrantReference(registrant.id), email: registrant.email };
  const { upgrade, currency } = message.passPrices;
  // What a Replay holder paid for it (a pass granted without a payment: its price), as the checkout reads it.
  const upgradeFrom = offered === 'aap' && registrant.tier === 'replay' ? (replayPaid ?? upgrade.replay.price) : null;
  const price = offered
    ? quotedPrice(priceNow(upgrade[offered], now), upgradeFrom, {
        currency,
        // The early price's deadline in the reader's zone, as {{deadline}} is (decision 0077).
        timeZone: registrant.timeZone ?? message.editionTimezone,
        lang: message.lang,
      })
    : null;
  return {
    offered_pass_price: price?.text ?? '',
    offered_pass_price_deadline: price?.deadline ?? '',
    replay_pass_name: message.tierNames.replay,
    all_access_pass_name: message.tierNames.aap,
    offered_pass_name: offered ? message.tierNames[offered] : '',
    offered_pass_link: offered ? checkoutUrlFor(message.checkoutUrls[offered], buyer) : '',
  };
}

/**
 * The message as rendered for this registrant: once per message and whether it offers them a
 * pass, since the offer's paragraphs are left out for someone who holds it (decision 0057).
 */
export function templateFor(
  { message, registrant, brand }: { message: MessageRow; registrant: RegistrantRow; brand: EmailBrand },
  cache: Map<string, Promise<MessageTemplate>>,
): Promise<MessageTemplate> {
  const offers = offeredPass(registrant.tier) !== null;
  const key = `${message.id} ${offers}`;
  let template = cache.get(key);
  if (!template) {
    template = renderMessageTemplate(offers ? message : { ...message, body: withoutOffer(message.body) }, brandForMessage(brand, message));
    cache.set(key, template);
  }
  return template;
}

function adHocMail(row: OutboxRow, siteUrl: string): OutgoingMail {
  return { to: row.to, subject: row.subject ?? '', text: row.text ?? '', html: row.html ?? '', messageId: stableMessageId(row, siteUrl) };
}

/** A scheduled message's e-mail as it goes: its headers (RFC 8058 on marketing mail), reply-to and calendar file. */
function scheduledMail({
  row,
  siteUrl,
  message,
  registrant,
  brand,
  edition,
  content,
  links,
}: {
  row: OutboxRow;
  siteUrl: string;
  message: MessageRow;
  registrant: RegistrantRow;
  brand: EmailBrand;
  edition: EditionFacts;
  content: MessageTemplate;
  links: PersonalMailLinks;
}): OutgoingMail {
  const marketing = needsMarketingConsent(message.category);
  return {
    to: registrant.email,
    ...content,
    messageId: stableMessageId(row, siteUrl),
    headers: marketing
      ? { 'List-Unsubscribe': `<${links.unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
      : undefined,
    replyTo: brand.replyTo ?? undefined,
    attachments:
      edition.calendar && ruleCarriesCalendar(message.rule)
        ? [{ filename: 'summit.ics', content: edition.calendar, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
        : undefined,
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
  const events = new Map(scheduled.map((row) => [row.id, paymentEventOf(row.dedupeKey)]));
  const [facts, paid, replayPaid] = await Promise.all([
    loadEditionFacts(db, [...messages.values()], brand),
    loadPurchases(db, [...new Set([...events.values()].flatMap((event) => (event ? [event.purchaseId] : [])))]),
    replayPaidBy(
      db,
      [...people.values()].flatMap((person) => (person.tier === 'replay' ? [person.id] : [])),
    ),
  ]);
  const templates = new Map<string, Promise<MessageTemplate>>();
  const composed = new Map<number, Composed>();
  for (const row of rows) {
    if (row.editionMessageId === null || row.registrantId === null) {
      composed.set(row.id, { kind: 'mail', mail: adHocMail(row, siteUrl), rule: null });
      continue;
    }
    const message = messages.get(row.editionMessageId);
    const registrant = people.get(row.registrantId);
    const edition = message ? facts.get(message.editionId) : undefined;
    const event = events.get(row.id) ?? null;
    const payment = event ? { event, purchase: paid.get(event.purchaseId) ?? null } : null;
    const reason =
      aboutPayment(message) && !payment?.purchase
        ? 'The payment no longer exists'
        : skipReason({ message, registrant, facts: edition, now });
    if (reason || !message || !registrant || !edition) {
      composed.set(row.id, { kind: 'skip', reason: reason ?? 'Unknown' });
      continue;
    }
    const recipientLinks = links({ registrantId: registrant.id, keyVersion: registrant.keyVersion });
    const content = personalise(
      await templateFor({ message, registrant, brand }, templates),
      mergeValues({
        message,
        registrant,
        facts: edition,
        links: recipientLinks,
        brand,
        now,
        payment,
        replayPaid: replayPaid.get(registrant.id) ?? null,
      }),
    );
    composed.set(row.id, {
      kind: 'mail',
      mail: scheduledMail({ row, siteUrl, message, registrant, brand, edition, content, links: recipientLinks }),
      rule: message.rule.kind,
    });
  }
  return composed;
}
