/**
 * A new edition from the host's own facts (name, slug, summit dates, time zone, support e-mail,
 * access mode) and nothing of the demo: no people, no dates but those derived from the summit's,
 * no discount codes, workshop, bonus cards or checkout links, no demo support address
 * (decision 0031). The rules of the "New edition" form are here too, one message per field.
 */
import { isAccessMode, type AccessMode } from './access/access-modes.ts';
import { isEmailAddress } from './email-address.ts';
import { editionInputSchema, editionSlugSchema, type Edition, type EditionDay, type TimedPage, type TimerConfig } from './edition.ts';
import type { EditionFormErrors } from './edition-form.ts';
import { isKnownTimeZone } from './mail/send-rules.ts';
import { GENERAL_SPEAKERS_ERROR } from './shared-message-texts.ts';
import {
  DEFAULT_AFFILIATES,
  DEFAULT_CHECKOUT,
  DEFAULT_RETENTION,
  SETTINGS_VERSION,
  type EditionSettings,
  type Pass,
} from './edition-settings/schema.ts';
import { SPEC_OFFER_COPY, presetPasses } from './offers.ts';
import { PASS_LABELS, passKinds, type PassKind } from './passes.ts';
import { NEUTRAL_TEXTS } from './edition-texts/neutral-texts.ts';
import { addDays } from './edition-dates/calendar-days.ts';

/** What the New edition form holds, as typed. */
export interface NewEditionValues {
  name: string;
  slug: string;
  summitStartDate: string;
  summitEndDate: string;
  timezone: string;
  supportEmail: string;
  accessMode: string;
}

export const NEW_EDITION_FIELDS = ['name', 'slug', 'summitStartDate', 'summitEndDate', 'timezone', 'supportEmail', 'accessMode'] as const;

/** The summit has three day pages, so it runs three calendar days. */
export const SUMMIT_DAYS = 3;
const DAY_SECONDS = 24 * 60 * 60;
const ACCESS_DAYS = 30;

function isCalendarDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && addDays(value, 0) === value;
}

function addError(errors: EditionFormErrors, name: string, message: string): void {
  (errors[name] ??= []).push(message);
}

function checkDates(values: NewEditionValues, errors: EditionFormErrors): void {
  const { summitStartDate: start, summitEndDate: end } = values;
  if (!start) addError(errors, 'summitStartDate', 'Enter the first day of the summit.');
  else if (!isCalendarDate(start)) addError(errors, 'summitStartDate', 'Use a date such as 2026-12-15.');
  if (!end) addError(errors, 'summitEndDate', 'Enter the last day of the summit.');
  else if (!isCalendarDate(end)) addError(errors, 'summitEndDate', 'Use a date such as 2026-12-17.');
  if (errors.summitStartDate || errors.summitEndDate) return;
  if (end < start) addError(errors, 'summitEndDate', 'The summit cannot end before it starts.');
  else if (end !== addDays(start, SUMMIT_DAYS - 1))
    addError(
      errors,
      'summitEndDate',
      `The summit runs three days, day 1 to day 3: starting ${start}, it ends ${addDays(start, SUMMIT_DAYS - 1)}.`,
    );
}

/**
 * Every problem with the form, by field. `slugProblem` is what the server knows about the slug
 * (taken by another edition, one of the site's own addresses), or null.
 */
export function newEditionErrors(values: NewEditionValues, slugProblem: string | null): EditionFormErrors {
  const errors: EditionFormErrors = {};
  if (!values.name) addError(errors, 'name', 'Enter a name for the edition, e.g. Winter 2026.');
  else if (values.name.length > 100) addError(errors, 'name', 'Use at most 100 characters.');
  const slug = editionSlugSchema.safeParse(values.slug);
  if (!values.slug) addError(errors, 'slug', 'Enter a slug for the edition’s addresses, e.g. winter-2026.');
  else if (!slug.success) addError(errors, 'slug', 'Use 2-40 lowercase letters, digits or dashes, starting with a letter.');
  else if (slugProblem) addError(errors, 'slug', slugProblem);
  checkDates(values, errors);
  if (!values.timezone) addError(errors, 'timezone', 'Enter the time zone the summit days follow.');
  else if (!isKnownTimeZone(values.timezone))
    addError(errors, 'timezone', 'Use an IANA time zone such as Australia/Sydney or America/New_York.');
  if (!values.supportEmail) addError(errors, 'supportEmail', 'Enter the address registrants and sponsors write to.');
  else if (!isEmailAddress(values.supportEmail)) addError(errors, 'supportEmail', 'Enter an e-mail address such as hello@example.com.');
  if (!isAccessMode(values.accessMode)) addError(errors, 'accessMode', 'Choose who may open the day pages.');
  return errors;
}

/** A new edition's data, timers and days: what the seed, import and duplicate insert, built from the form alone. */
export interface NeutralEdition {
  edition: Omit<Edition, 'id'>;
  timers: Record<TimedPage, TimerConfig>;
  days: EditionDay[];
}

/** Each day page is open for its calendar day in the edition's time zone; day 3 and the dashboard lead home. */
function liveTimers(start: string, timezone: string): Record<TimedPage, TimerConfig> {
  const day = (n: number, redirectUrl: string): TimerConfig => ({
    mode: 'live',
    eventStartDate: `${addDays(start, n - 1)}T00:00`,
    eventEndDate: `${addDays(start, n)}T00:00`,
    timezone,
    redirectUrl,
  });
  return {
    day1: day(1, 'day-2'),
    day2: day(2, 'day-3'),
    day3: day(3, '/'),
    dashboard: { mode: 'evergreen', durationSeconds: ACCESS_DAYS * DAY_SECONDS, redirectUrl: '/' },
  };
}

const noLinks = {
  courseUrl: '',
  mainSiteUrl: '',
  communityUrl: '',
  visibilityPagesUrl: '',
  podcastUrl: '',
  workshopUrl: '',
  paymentUrl: '',
  documentUrl: '',
  templateUrl: '',
  schoolUrl: '',
};

/** What a new edition's passes list: true of any audio summit (no retreat, magazine or school until the host adds them). */
const NEUTRAL_BENEFITS: Record<PassKind, string[]> = {
  replay: ['Replays of every summit episode', 'Download episodes to keep'],
  aap: [`${ACCESS_DAYS}-day extended access to every episode`, 'Download episodes to keep'],
};

/** The product's passes at reading A's prices, named plainly (the demo's "Sovereign Pathway" is its own brand). */
function neutralPasses(): Record<PassKind, Pass> {
  const preset = presetPasses('a');
  const pass = (kind: PassKind): Pass => ({ ...preset[kind], name: PASS_LABELS[kind], benefits: NEUTRAL_BENEFITS[kind] });
  return { replay: pass('replay'), aap: pass('aap') };
}

/** Whether an edition's passes are still the template's (names and prices as a new edition starts): the first-run checklist's "Passes" step. */
export function passesAsTemplate(upgrade: Record<PassKind, Pick<Pass, 'name' | 'price'>>): boolean {
  const neutral = neutralPasses();
  return passKinds.every((kind) => upgrade[kind].name === neutral[kind].name && upgrade[kind].price === neutral[kind].price);
}

/**
 * The neutral template's settings: no retreat, integration week, workshop or bonus bundle until
 * the host turns them on, so no date of theirs can disagree with the summit's.
 */
export function neutralSettings({ supportEmail }: { supportEmail: string }): EditionSettings {
  return {
    version: SETTINGS_VERSION,
    features: { implementationSessions: false, bonusBundle: false },
    embeds: { speakers: true, implementation: false, bonusBundle: false },
    embedHeight: {
      speakers: { padding: 40, delaysMs: [100, 500, 1000, 2000], sendsSourceAndTimestamp: false },
      implementation: { padding: 40, delaysMs: [100, 500, 1000], sendsSourceAndTimestamp: false },
      bonusBundle: { padding: 100, delaysMs: [100, 500, 1000], sendsSourceAndTimestamp: false },
    },
    speakersErrorMessage: GENERAL_SPEAKERS_ERROR,
    // No retreat and no integration week until the host turns them on (the form then offers dates after the summit).
    retreat: null,
    integrationWeek: null,
    schoolTrialDays: 30,
    accessDays: ACCESS_DAYS,
    links: noLinks,
    upgrade: { replayCheckoutUrl: '', aapCheckoutUrl: '', ...neutralPasses() },
    checkout: DEFAULT_CHECKOUT,
    // The time limit as the product words it; no retreat days until the host has a retreat.
    offer: { ...SPEC_OFFER_COPY, retreatDays: [] },
    feedEnded: null,
    registrationClosesAt: null,
    sponsorshipEmail: supportEmail,
    texts: NEUTRAL_TEXTS,
    affiliates: DEFAULT_AFFILIATES,
    retention: DEFAULT_RETENTION,
    dashboard: {
      integrationSchedule: 'static',
      staticSchedule: [],
      integrationDays: [],
      bonusCards: [],
      showBonusBundle: false,
      templateUpsell: null,
      workshop: null,
      supportEmail,
    },
  };
}

/** The neutral template: the host's facts, neutralSettings and day windows on the summit's days. */
export function neutralEdition(values: NewEditionValues & { position: number }): NeutralEdition {
  const start = values.summitStartDate;
  const edition = editionInputSchema.parse({
    slug: values.slug,
    name: values.name,
    position: values.position,
    summitStartDate: start,
    summitEndDate: values.summitEndDate,
    timezone: values.timezone,
    accessMode: values.accessMode as AccessMode,
    settings: neutralSettings(values),
  });
  const days: EditionDay[] = [1, 2, 3].map((day) => ({
    day,
    title: `Day ${day}`,
    subtitle: '',
    playerLength: '',
  }));
  return { edition, timers: liveTimers(start, values.timezone), days };
}
