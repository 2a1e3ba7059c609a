/**
 * Settings documents as earlier releases stored them, reconstructed from the history of the
 * settings schema (src/domain/edition.ts before src/domain/edition-settings/) and of the demo
 * content (src/content/editions.ts): every shape a database may still hold. None has a version,
 * except the version-3 ones (prices in major units, before decision 0064).
 */
import { DEMO_TEXTS } from '../../src/domain/edition-texts/demo-texts.ts';

const links = {
  courseUrl: 'https://sacred-business.example.com/courses/july-all-access',
  mainSiteUrl: 'https://sacred-business.example.com',
  communityUrl: 'https://community.sacred-business.example.com/july',
  visibilityPagesUrl: 'https://sacred-business.example.com/visibility-pages',
  podcastUrl: 'https://podcast.sacred-business.example.com/july/subscribe',
  workshopUrl: 'https://sacred-business.example.com/workshop',
  paymentUrl: 'https://pay.sacred-business.example.com/july',
  documentUrl: 'https://docs.sacred-business.example.com/july-integration-workbook',
  templateUrl: 'https://sacred-business.example.com/summit-site-template',
  schoolUrl: 'https://school.sacred-business.example.com/trial',
};

const schedule = [
  { label: 'Day 0', date: 'July 21', title: 'Arrival and intention setting', description: 'Settle in.' },
  { label: 'Day 1', date: 'July 22', title: 'Opening ceremony and grounding', description: 'We open the retreat.' },
];

/** The parts every version had, as the first demo wrote them (July). */
const common = {
  features: { implementationSessions: false, bonusBundle: false },
  embeds: { speakers: true, implementation: false, bonusBundle: false },
  embedHeight: {
    speakers: { padding: 40, delaysMs: [100, 500, 1000, 2000], sendsSourceAndTimestamp: true },
    implementation: { padding: 40, delaysMs: [100, 500, 1000], sendsSourceAndTimestamp: false },
    bonusBundle: { padding: 100, delaysMs: [100, 500, 1000], sendsSourceAndTimestamp: false },
  },
  speakersErrorMessage: 'Unable to load July speakers at this time. Please try again later.',
  retreat: { startDate: '2025-07-22', endDate: '2025-07-25', cardEndDate: '2025-07-26' },
  integrationWeek: { startDate: '2025-07-21', endDate: '2025-07-26' },
  schoolTrialDays: 30,
  accessDays: 30,
  links,
  dashboard: {
    integrationSchedule: 'static',
    staticSchedule: schedule,
    integrationDays: [],
    bonusCards: [{ title: 'Ritual library', description: '', url: 'https://example.com/rituals', buttonLabel: 'Open' }],
    showBonusBundle: false,
    templateUpsell: { price: 25, fullPrice: 98, discountCode: 'SUMMIT' },
    workshop: { title: 'Live workshop', startsAt: '2025-07-30T10:00:00+10:00', price: 4.99 },
    supportEmail: 'support@sacred-business.example.com',
  },
};

const checkoutUrls = {
  replayCheckoutUrl: 'https://pay.sacred-business.example.com/july/replay-pass',
  aapCheckoutUrl: 'https://pay.sacred-business.example.com/july/all-access-pass',
};

const ownPasses = {
  replay: { name: 'Harbour Replay', price: 60, benefits: ['Every episode again'] },
  aap: { name: 'Harbour Pass', price: 180, benefits: ['Everything', 'The retreat'] },
};

const ownOffer = { minutes: 30, retreatOpensInDays: 3, retreatDays: ['Day 1: Arrive', 'Day 2: Leave'] };

/** Version 3 (the site's own checkout): every field present, prices still decimal major amounts in the checkout's currency. */
const version3 = (currency: string, prices: { replay: number; aap: number; workshop: number }) => ({
  ...common,
  version: 3,
  dashboard: { ...common.dashboard, workshop: { ...common.dashboard.workshop, price: prices.workshop } },
  upgrade: {
    ...checkoutUrls,
    replay: { ...ownPasses.replay, price: prices.replay },
    aap: { ...ownPasses.aap, price: prices.aap },
  },
  offer: ownOffer,
  feedEnded: null,
  sponsorshipEmail: 'sponsors@example.com',
  registrationClosesAt: null,
  texts: DEMO_TEXTS,
  checkout: { currency, allowPromotionCodes: false, automaticTax: true, collectTaxIds: false, createInvoices: true },
});

/** Each older shape, named by the release that wrote it. */
export const OLDER_SETTINGS = {
  /** Version 3 in euros, with a price a float cannot hold exactly (19.99 × 100 = 1998.9999…). */
  version3Euro: version3('eur', { replay: 19.99, aap: 197.5, workshop: 4.99 }),
  /** Version 3 in yen: no minor digits. */
  version3Yen: version3('jpy', { replay: 5000, aap: 12000, workshop: 500 }),
  /** The first demo (the foundation): no upgrade offer, no sponsorship address. */
  foundation: common,
  /** Upgrade offer by price reading and a sponsorship address (landing page and registration). */
  priceReadingA: { ...common, upgrade: { priceReading: 'a', ...checkoutUrls }, sponsorshipEmail: 'sponsors@sacred-business.example.com' },
  priceReadingB: { ...common, upgrade: { priceReading: 'b', ...checkoutUrls }, sponsorshipEmail: 'sponsors@sacred-business.example.com' },
  /** The end of registration, fixed or never (registration closes). */
  closesAt: {
    ...common,
    upgrade: { priceReading: 'a', ...checkoutUrls },
    sponsorshipEmail: 'sponsors@sacred-business.example.com',
    registrationClosesAt: '2025-07-20T00:00:00+10:00',
  },
  closesNever: {
    ...common,
    upgrade: { priceReading: 'b', ...checkoutUrls },
    sponsorshipEmail: 'sponsors@sacred-business.example.com',
    registrationClosesAt: 'never',
  },
  /** Saved by the settings form: its own passes and offer copy, the reading dropped. */
  formSaved: {
    ...common,
    upgrade: { ...checkoutUrls, ...ownPasses },
    offer: ownOffer,
    sponsorshipEmail: 'sponsors@sacred-business.example.com',
  },
  /** Made by New edition from the neutral template: passes beside a reading, no offer copy. */
  neutralTemplate: {
    ...common,
    upgrade: {
      priceReading: 'a',
      replayCheckoutUrl: '',
      aapCheckoutUrl: '',
      replay: { name: 'Replay Pass', price: 77, benefits: ['Replays'] },
      aap: { name: 'All Access Pass', price: 197, benefits: ['Everything'] },
    },
    sponsorshipEmail: 'hello@winter-sound.example.org',
  },
  /** Saved by the form once the feed's "summit has ended" words were a block: null when unticked, else the host's words. */
  feedEndedNull: {
    ...common,
    upgrade: { ...checkoutUrls, ...ownPasses },
    offer: ownOffer,
    feedEnded: null,
    sponsorshipEmail: 'sponsors@example.com',
  },
  feedEndedOwn: {
    ...common,
    upgrade: { ...checkoutUrls, ...ownPasses },
    offer: ownOffer,
    feedEnded: { title: 'Harbour Light has docked', text: 'The free days have sailed.' },
    sponsorshipEmail: 'sponsors@example.com',
    registrationClosesAt: 'never',
  },
  /** Schedule entries without dates of their own (the integration week's days). */
  undatedSchedule: {
    ...common,
    dashboard: { ...common.dashboard, staticSchedule: schedule.map((entry) => ({ ...entry, date: '' })) },
    upgrade: { priceReading: 'a', ...checkoutUrls },
    sponsorshipEmail: 'sponsors@sacred-business.example.com',
  },
} as const;
