/**
 * The three demo editions, with every per-edition constant of docs/PRODUCT.md "Editions".
 * Seeded on first start; after that the database (and the admin) owns them.
 */
import type { EditionDay, EditionInput, TimedPage, TimerConfig } from '../domain/edition.ts';
import {
  DEFAULT_AFFILIATES,
  DEFAULT_CHECKOUT,
  DEFAULT_RETENTION,
  SETTINGS_VERSION,
  type EditionSettings,
} from '../domain/edition-settings/schema.ts';
import { DEMO_TEXTS } from '../domain/edition-texts/demo-texts.ts';
import { SPEC_OFFER_COPY, presetPasses } from '../domain/offers.ts';

export interface DemoEdition {
  edition: EditionInput;
  timers: Record<TimedPage, TimerConfig>;
  days: EditionDay[];
}

const DAY = 24 * 60 * 60;
const ACCESS_DAYS = 30;

/** Day 1 leads to day 2, day 2 to day 3, day 3 to the course page, the dashboard to the main site. */
function evergreenTimers(courseUrl: string, mainSiteUrl: string): Record<TimedPage, TimerConfig> {
  return {
    day1: { mode: 'evergreen', durationSeconds: DAY, redirectUrl: 'day-2' },
    day2: { mode: 'evergreen', durationSeconds: DAY, redirectUrl: 'day-3' },
    day3: { mode: 'evergreen', durationSeconds: DAY, redirectUrl: courseUrl },
    dashboard: { mode: 'evergreen', durationSeconds: ACCESS_DAYS * DAY, redirectUrl: mainSiteUrl },
  };
}

const MAIN_SITE = 'https://sacred-business.example.com';
const SUPPORT_EMAIL = 'support@sacred-business.example.com';

const SPONSORSHIP_EMAIL = 'sponsors@sacred-business.example.com';

/** What every demo edition leaves as docs/PRODUCT.md has it: its offer copy, the product's feed words, the default end of registration. */
const AS_SPECIFIED = {
  version: SETTINGS_VERSION,
  offer: SPEC_OFFER_COPY,
  feedEnded: null,
  registrationClosesAt: null,
  texts: DEMO_TEXTS,
  checkout: DEFAULT_CHECKOUT,
  affiliates: DEFAULT_AFFILIATES,
  retention: DEFAULT_RETENTION,
} as const;

function upgrade(month: string): EditionSettings['upgrade'] {
  return {
    ...presetPasses('a'),
    replayCheckoutUrl: `https://pay.sacred-business.example.com/${month}/replay-pass`,
    aapCheckoutUrl: `https://pay.sacred-business.example.com/${month}/all-access-pass`,
  };
}

function links(month: string): EditionSettings['links'] {
  return {
    courseUrl: `${MAIN_SITE}/courses/${month}-all-access`,
    mainSiteUrl: MAIN_SITE,
    communityUrl: `https://community.sacred-business.example.com/${month}`,
    visibilityPagesUrl: `${MAIN_SITE}/visibility-pages`,
    podcastUrl: `https://podcast.sacred-business.example.com/${month}/subscribe`,
    workshopUrl: `${MAIN_SITE}/workshop`,
    paymentUrl: `https://pay.sacred-business.example.com/${month}`,
    documentUrl: `https://docs.sacred-business.example.com/${month}-integration-workbook`,
    templateUrl: `${MAIN_SITE}/summit-site-template`,
    schoolUrl: `https://school.sacred-business.example.com/trial`,
  };
}

/** docs/PRODUCT.md "Embed height": +40 padding; July, August and the general speakers embed also re-measure at 2000 ms. */
const speakersEmbedWithSource = { padding: 40, delaysMs: [100, 500, 1000, 2000], sendsSourceAndTimestamp: true };
const implementationEmbed = { padding: 40, delaysMs: [100, 500, 1000], sendsSourceAndTimestamp: false };
const bonusBundleEmbed = { padding: 100, delaysMs: [100, 500, 1000], sendsSourceAndTimestamp: false };

/**
 * The days' titles; what each day plays is its episodes (src/content/episodes.ts). A demo edition
 * without audio states the lengths its placeholder players show.
 */
const summitDays = (playerLengths: readonly [string, string, string] = ['', '', '']): EditionDay[] => [
  {
    day: 1,
    title: 'Day 1: Rooted in Purpose',
    subtitle: 'Come home to why your work matters and who it is for.',
    playerLength: playerLengths[0],
  },
  {
    day: 2,
    title: 'Day 2: Magnetic Visibility',
    subtitle: 'Be seen and heard without performing or pushing.',
    playerLength: playerLengths[1],
  },
  {
    day: 3,
    title: 'Day 3: Abundant Offers',
    subtitle: 'Shape offers and money practices that feel aligned.',
    playerLength: playerLengths[2],
  },
];

const july: DemoEdition = {
  edition: {
    slug: 'july',
    name: 'July',
    position: 1,
    summitStartDate: '2025-07-15',
    summitEndDate: '2025-07-17',
    timezone: 'Australia/Sydney',
    settings: {
      ...AS_SPECIFIED,
      features: { implementationSessions: false, bonusBundle: false },
      embeds: { speakers: true, implementation: false, bonusBundle: false },
      embedHeight: { speakers: speakersEmbedWithSource, implementation: implementationEmbed, bonusBundle: bonusBundleEmbed },
      speakersErrorMessage: 'Unable to load July speakers at this time. Please try again later.',
      retreat: { startDate: '2025-07-22', endDate: '2025-07-25', cardEndDate: '2025-07-26' },
      integrationWeek: { startDate: '2025-07-21', endDate: '2025-07-26' },
      schoolTrialDays: 30,
      accessDays: ACCESS_DAYS,
      links: links('july'),
      upgrade: upgrade('july'),
      sponsorshipEmail: SPONSORSHIP_EMAIL,
      dashboard: {
        integrationSchedule: 'static',
        // No dates of their own: each entry is the integration week's day at its place (July 21-26).
        staticSchedule: [
          {
            label: 'Day 0',
            title: 'Arrival and intention setting',
            description: 'Settle in, meet the community and set your intention for the week.',
          },
          {
            label: 'Day 1',
            title: 'Opening ceremony and grounding',
            description: 'We open the retreat together and ground into the body.',
          },
          {
            label: 'Day 2',
            title: 'Embodiment and practice',
            description: 'Guided practices to bring the summit teachings into your days.',
          },
          {
            label: 'Day 3',
            title: 'Integration and creation',
            description: 'Turn insight into one aligned action for your business.',
          },
          {
            label: 'Day 4',
            title: 'Closing ceremony and vision activation',
            description: 'We close the circle and activate your vision for the season ahead.',
          },
          {
            label: 'Day 5',
            title: 'Rest and reflection',
            description: 'A spacious day to rest, journal and share your reflections.',
          },
        ],
        integrationDays: [],
        bonusCards: [
          {
            title: '30-Day School Trial',
            description: 'A 30-day free trial of the online school, with every course and ritual library.',
            url: links('july').schoolUrl,
            buttonLabel: 'Start Your Trial',
          },
          {
            title: 'Visibility Pages Archive',
            description: 'Every past issue of the digital magazine’s visibility pages.',
            url: links('july').visibilityPagesUrl,
            buttonLabel: 'Open the Archive',
          },
          {
            title: 'Private Summit Podcast',
            description: 'Subscribe to the private feed and keep every episode for 30 days.',
            url: links('july').podcastUrl,
            buttonLabel: 'Subscribe',
          },
        ],
        showBonusBundle: false,
        templateUpsell: null,
        workshop: { title: 'Launch Your Own Audio Summit Workshop', startsAt: '2025-07-30T10:00:00+10:00', price: 499 },
        supportEmail: SUPPORT_EMAIL,
      },
    },
  },
  timers: evergreenTimers(links('july').courseUrl, MAIN_SITE),
  days: summitDays(),
};

const august: DemoEdition = {
  edition: {
    slug: 'august',
    name: 'August',
    position: 2,
    summitStartDate: '2025-08-19',
    summitEndDate: '2025-08-21',
    timezone: 'Australia/Sydney',
    settings: {
      ...AS_SPECIFIED,
      features: { implementationSessions: true, bonusBundle: false },
      embeds: { speakers: true, implementation: false, bonusBundle: false },
      embedHeight: { speakers: speakersEmbedWithSource, implementation: implementationEmbed, bonusBundle: bonusBundleEmbed },
      speakersErrorMessage: 'Unable to load August speakers at this time. Please try again later.',
      retreat: { startDate: '2025-08-26', endDate: '2025-08-29', cardEndDate: '2025-08-30' },
      integrationWeek: { startDate: '2025-08-25', endDate: '2025-08-30' },
      schoolTrialDays: 30,
      accessDays: ACCESS_DAYS,
      links: links('august'),
      upgrade: upgrade('august'),
      sponsorshipEmail: SPONSORSHIP_EMAIL,
      dashboard: {
        integrationSchedule: 'sessions',
        staticSchedule: [],
        // Day 5 is in the data (and fetched) but the August dashboard shows days 1-4.
        integrationDays: [1, 2, 3, 4],
        bonusCards: [
          {
            title: '30-Day School Trial',
            description: 'A 30-day free trial of the online school.',
            url: links('august').schoolUrl,
            buttonLabel: 'Start Your Trial',
          },
          {
            title: 'Integration Workbook',
            description: 'A printable workbook to journal through each day’s teachings.',
            url: links('august').documentUrl,
            buttonLabel: 'Download',
          },
          {
            title: 'Private Summit Podcast',
            description: 'Keep every episode in your podcast app for 30 days.',
            url: links('august').podcastUrl,
            buttonLabel: 'Subscribe',
          },
        ],
        showBonusBundle: false,
        templateUpsell: { price: 2500, fullPrice: 9800, discountCode: 'AUGUST25' },
        // Every dashboard has a workshop promo (docs/PRODUCT.md "Dashboards"); August's is a month later.
        workshop: { title: 'Launch Your Own Audio Summit Workshop', startsAt: '2025-08-27T10:00:00+10:00', price: 499 },
        supportEmail: SUPPORT_EMAIL,
      },
    },
  },
  timers: evergreenTimers(links('august').courseUrl, MAIN_SITE),
  days: summitDays(),
};

/** September runs live in Sydney time: each day page is open for its calendar day. */
const SYDNEY = 'Australia/Sydney';
const september: DemoEdition = {
  edition: {
    slug: 'september',
    name: 'September',
    position: 3,
    summitStartDate: '2025-09-23',
    summitEndDate: '2025-09-25',
    timezone: SYDNEY,
    settings: {
      ...AS_SPECIFIED,
      features: { implementationSessions: true, bonusBundle: true },
      embeds: { speakers: true, implementation: true, bonusBundle: true },
      embedHeight: {
        speakers: { padding: 20, delaysMs: [100, 500, 1000], sendsSourceAndTimestamp: false },
        implementation: implementationEmbed,
        bonusBundle: bonusBundleEmbed,
      },
      speakersErrorMessage: 'Unable to load September speakers at this time. Please try refreshing the page.',
      retreat: { startDate: '2025-09-30', endDate: '2025-10-03', cardEndDate: '2025-10-04' },
      integrationWeek: { startDate: '2025-09-29', endDate: '2025-10-03' },
      schoolTrialDays: 7,
      accessDays: ACCESS_DAYS,
      links: links('september'),
      upgrade: upgrade('september'),
      sponsorshipEmail: SPONSORSHIP_EMAIL,
      dashboard: {
        integrationSchedule: 'sessions',
        staticSchedule: [],
        integrationDays: [1, 2, 3, 4, 5],
        bonusCards: [
          {
            title: '7-Day School Trial',
            description: 'Seven days inside the online school, free.',
            url: links('september').schoolUrl,
            buttonLabel: 'Start Your Trial',
          },
        ],
        showBonusBundle: true,
        templateUpsell: { price: 2500, fullPrice: 9800, discountCode: 'SEPT25' },
        workshop: { title: 'Launch Your Own Audio Summit Workshop', startsAt: '2025-09-30T10:00:00+10:00', price: 499 },
        supportEmail: SUPPORT_EMAIL,
      },
    },
  },
  timers: {
    day1: { mode: 'live', eventStartDate: '2025-09-23T00:00', eventEndDate: '2025-09-24T00:00', timezone: SYDNEY, redirectUrl: 'day-2' },
    day2: { mode: 'live', eventStartDate: '2025-09-24T00:00', eventEndDate: '2025-09-25T00:00', timezone: SYDNEY, redirectUrl: 'day-3' },
    day3: {
      mode: 'live',
      eventStartDate: '2025-09-25T00:00',
      eventEndDate: '2025-09-26T00:00',
      timezone: SYDNEY,
      redirectUrl: links('september').courseUrl,
    },
    dashboard: { mode: 'evergreen', durationSeconds: ACCESS_DAYS * DAY, redirectUrl: MAIN_SITE },
  },
  days: summitDays(['2:15:30', '2:45:20', '2:30:45']),
};

export const demoEditions: DemoEdition[] = [july, august, september];
