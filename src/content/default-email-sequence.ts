/**
 * The default e-mail sequence every edition starts with (issue 18): evergreen editions count
 * from registration, live editions from each day's start in the edition's time zone. Hosts edit
 * the words and switch messages off in the admin; after the first start the database owns them.
 */
import type { MessageCategory, SendRule } from '../domain/mail/send-rules.ts';

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
  body: `Hi {{first_name}},\n\nDay ${day} closes at {{deadline}}: you have {{time_left}} left to listen.\n\n**[Listen to day ${day} now]({{day_link}})**\n\nWant to keep every episode? The All Access Pass keeps the summit open for you: {{dashboard_link}}${signOff}`,
  rule: { kind: 'day', day, minutes },
});

const replayOffer: DefaultMessage = {
  key: 'replay-offer',
  name: 'After the summit: replay and All Access offer',
  category: 'marketing',
  subject: 'The summit is over; the conversations don’t have to be',
  body: `Hi {{first_name}},\n\nThank you for listening to {{summit_name}}. The days have closed, but the replays and the All Access Pass keep every conversation, the workbooks and the integration sessions with you.\n\n**[See the replay and All Access offer]({{dashboard_link}})**${signOff}`,
  rule: { kind: 'after-summit', minutes: 0 },
};

/** The message the payment webhook queues when a pass is bought (src/server/payments/webhook.ts). */
export const PASS_CONFIRMATION_MESSAGE = 'pass-confirmation';

const passConfirmation: DefaultMessage = {
  key: PASS_CONFIRMATION_MESSAGE,
  name: 'Pass confirmation',
  category: 'transactional',
  subject: 'Your pass for {{summit_name}} is ready',
  body: `Hi {{first_name}},\n\nThank you: your {{pass_name}} is active. Everything it includes is one click away:\n\n**[Open your dashboard]({{dashboard_link}})**\n\nYour private podcast feed: {{feed_link}}${signOff}`,
  rule: { kind: 'pass-purchase' },
};

export const evergreenSequence: DefaultMessage[] = [
  dayOpen(1, 'Day 1 of the summit is open for you now.'),
  hoursLeft(1, 12 * HOUR),
  dayOpen(2, 'Day 2 is open: new conversations are waiting.'),
  hoursLeft(2, 12 * HOUR),
  dayOpen(3, 'The last day is open.'),
  hoursLeft(3, 12 * HOUR),
  replayOffer,
  passConfirmation,
];

const dayLive = (day: 1 | 2 | 3): DefaultMessage => ({
  ...dayOpen(day, `We are live: day ${day} has begun.`),
  key: `day-${day}-live`,
  name: `We are live: day ${day}`,
  subject: `We are live: day ${day} of {{summit_name}}`,
});

export const liveSequence: DefaultMessage[] = [
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
];
