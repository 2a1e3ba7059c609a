/**
 * The default e-mail sequence every edition starts with: evergreen editions count from
 * registration, live editions from each day's start in the edition's time zone. Hosts edit the
 * words and switch messages off in the admin; once an edition has its messages the database owns
 * them. A message added here later reaches an existing edition only when its host adds it from
 * the offer on the messages screen (decision 0049); the key is what matches an edition's message
 * to its default, so a key never changes.
 */
import type { MessageCategory, MessageKind } from './message-kinds.ts';
import type { SendEvent, SendRule } from './send-rules.ts';

export interface DefaultMessage {
  key: string;
  name: string;
  category: MessageCategory;
  subject: string;
  body: string;
  rule: SendRule;
}

const HOUR = 60;

const signOff = '\n\nWith warmth,  \n{{summit_name}}';

const dayOpen = (day: 1 | 2 | 3, opener: string): DefaultMessage => ({
  key: `day-${day}-open`,
  name: `Day ${day} is open`,
  category: 'marketing',
  subject: `Day ${day} is open, {{first_name}}`,
  body: `Hi {{first_name}},\n\n${opener}\n\n**[Listen to day ${day}]({{day_link}})**\n\nIt stays open for {{time_left}}, until {{deadline}}. Prefer your podcast app? Your private feed is here: {{feed_link}}${signOff}`,
  rule: { kind: 'day', day, minutes: 0 },
});

const hoursLeft = (day: 1 | 2 | 3, minutes: number): DefaultMessage => ({
  key: `day-${day}-hours-left`,
  name: `Hours left of day ${day}`,
  category: 'marketing',
  subject: `{{time_left}} left of day ${day}`,
  body: `Hi {{first_name}},\n\nDay ${day} closes at {{deadline}}: you have {{time_left}} left to listen.\n\n**[Listen to day ${day} now]({{day_link}})**\n\nWant to keep every episode? The {{offered_pass_name}} ({{offered_pass_price}}) keeps the summit open for you: {{dashboard_link}}${signOff}`,
  rule: { kind: 'day', day, minutes },
});

/** An offer as a whole: its subject names the offered pass, so it is not sent to someone who holds it (decision 0057). */
const replayOffer: DefaultMessage = {
  key: 'replay-offer',
  name: 'After the summit: the pass offer',
  category: 'marketing',
  subject: 'The summit is over; the {{offered_pass_name}} keeps it with you',
  body: `Hi {{first_name}},\n\nThank you for listening to {{summit_name}}. The days have closed, but the conversations don’t have to.\n\nThe {{offered_pass_name}} keeps every conversation, the workbooks and the integration sessions with you, for {{offered_pass_price}}.\n\n**[See the {{offered_pass_name}}]({{dashboard_link}})**${signOff}`,
  rule: { kind: 'after-summit', minutes: 0 },
};

/** The links every access e-mail carries: the registrant's only way in, so both required messages keep them. */
const personalLinks = `**Your personal links** (keep them to yourself: they sign you in):\n\n- [Day 1]({{day_link}})\n- [Your dashboard]({{dashboard_link}})\n- Your personal feed link (in your podcast app choose "Add a show by URL"): <{{feed_link}}>`;

/** The confirmation registering queues (src/server/registrants/register.ts). */
const CONFIRMATION_MESSAGE = 'registration-confirmation';
/** "Find my access" (src/server/access/registrant-mail.ts). */
const ACCESS_LINK_MESSAGE = 'access-link';

/**
 * The two messages every edition has and cannot switch off (decision 0034): transactional,
 * editable like the rest, and branded like the rest.
 */
export const requiredMessages: DefaultMessage[] = [
  {
    key: CONFIRMATION_MESSAGE,
    name: 'Registration confirmation',
    category: 'transactional',
    subject: "You're registered: {{summit_name}}, {{summit_dates}}",
    body: `Hi {{first_name}},\n\nYou're officially registered for {{summit_name}}, {{summit_dates}}.\n\nHow you will listen: the summit is audio-only and arrives as a private podcast feed. Your personal links below open each day’s page on any device; add the feed to your podcast app once and each day’s episodes appear there for you to listen to on your own schedule, or download for offline.\n\n${personalLinks}${signOff}`,
    rule: { kind: 'registration' },
  },
  {
    key: ACCESS_LINK_MESSAGE,
    name: 'Find my access: the links again',
    category: 'transactional',
    subject: 'Your access to {{summit_name}}',
    body: `Hi {{first_name}},\n\nYou asked for your personal access links. Open one on any device to pick up where you left off.\n\n${personalLinks}${signOff}`,
    rule: { kind: 'access-request' },
  },
];

/**
 * The message an edition must have for an event, which the host may reword but not switch off or
 * move, since it carries the registrant's only way in; null when the event needs none.
 */
export function requiredMessageKey(event: SendEvent): string | null {
  switch (event) {
    case 'registration':
      return CONFIRMATION_MESSAGE;
    case 'access-request':
      return ACCESS_LINK_MESSAGE;
    case 'pass-purchase':
    case 'payment':
    case 'refund':
      return null;
  }
}

const requiredKeys: ReadonlySet<string> = new Set(requiredMessages.map((message) => message.key));

/** Whether the message is one of the two required ones (a default, by its key). */
export function isRequiredMessage(message: { kind: MessageKind; key: string }): boolean {
  switch (message.kind) {
    case 'default':
      return requiredKeys.has(message.key);
    case 'custom':
      return false;
  }
}

/** The message the payment webhook's purchase queues, with any of the host's own on a pass purchase. */
const passConfirmation: DefaultMessage = {
  key: 'pass-confirmation',
  name: 'Pass confirmation',
  category: 'transactional',
  subject: 'Your pass for {{summit_name}} is ready',
  body: `Hi {{first_name}},\n\nThank you: your {{pass_name}} is active. Everything it includes is one click away:\n\n**[Open your dashboard]({{dashboard_link}})**\n\nYour private podcast feed: {{feed_link}}${signOff}`,
  rule: { kind: 'pass-purchase' },
};

/** The receipt every payment through the provider sends (docs/decisions/0065): the pass, amount, tax and the provider's page. */
const paymentReceipt: DefaultMessage = {
  key: 'payment-receipt',
  name: 'Receipt',
  category: 'transactional',
  subject: 'Your receipt: {{receipt_pass}}, {{summit_name}}',
  body: `Hi {{first_name}},\n\nThank you for your payment. Your receipt:\n\n- Pass: {{receipt_pass}}\n- Amount paid: {{receipt_amount}}\n- Of which tax: {{receipt_tax}}\n\n[{{receipt_note}}]({{receipt_link}})\n\nKeep this e-mail for your records.${signOff}`,
  rule: { kind: 'payment' },
};

/** The short notice a refund sends: how much came back, and whether the pass stays. */
const refundNotice: DefaultMessage = {
  key: 'refund-notice',
  name: 'Refund notice',
  category: 'transactional',
  subject: 'Your refund: {{refund_amount}}',
  body: `Hi {{first_name}},\n\nWe have refunded {{refund_amount}} of your payment for the {{receipt_pass}}. {{refund_outcome}}\n\nYour bank shows the refund within a few days. [{{receipt_note}}]({{receipt_link}})${signOff}`,
  rule: { kind: 'refund' },
};

const evergreenSequence: DefaultMessage[] = [
  ...requiredMessages,
  dayOpen(1, 'Day 1 of the summit is open for you now.'),
  hoursLeft(1, 12 * HOUR),
  dayOpen(2, 'Day 2 is open: new conversations are waiting.'),
  hoursLeft(2, 12 * HOUR),
  dayOpen(3, 'The last day is open.'),
  hoursLeft(3, 12 * HOUR),
  replayOffer,
  passConfirmation,
  paymentReceipt,
  refundNotice,
];

const dayLive = (day: 1 | 2 | 3): DefaultMessage => ({
  ...dayOpen(day, `We are live: day ${day} has begun.`),
  key: `day-${day}-live`,
  name: `We are live: day ${day}`,
  subject: `We are live: day ${day} of {{summit_name}}`,
});

const liveSequence: DefaultMessage[] = [
  ...requiredMessages,
  {
    key: 'tomorrow-we-begin',
    name: 'Tomorrow we begin',
    category: 'marketing',
    subject: 'Tomorrow we begin, {{first_name}}',
    body: `Hi {{first_name}},\n\n{{summit_name}} begins tomorrow. Add the days to your calendar (the invitation is attached) and add your private feed to your podcast app, so the episodes are there the moment each day opens: {{feed_link}}\n\n**[Your day 1 link]({{day_link}})**${signOff}`,
    rule: { kind: 'day', day: 1, minutes: -24 * HOUR },
  },
  dayLive(1),
  dayLive(2),
  dayLive(3),
  {
    ...hoursLeft(3, 18 * HOUR),
    key: 'last-chance',
    name: 'Last chance',
    subject: 'Last chance: {{time_left}} left',
  },
  replayOffer,
  passConfirmation,
  paymentReceipt,
  refundNotice,
];

/** Every default, live and evergreen, by its key (one key, one text). */
export const defaultsByKey: ReadonlyMap<string, DefaultMessage> = new Map(
  [...evergreenSequence, ...liveSequence].map((message) => [message.key, message]),
);

/** The sequence for an edition: live when any of its days runs on the calendar. */
export function defaultSequence(live: boolean): DefaultMessage[] {
  return live ? liveSequence : evergreenSequence;
}
