/**
 * The edition form's sections for the edition's own words (src/domain/edition-texts/): the home
 * page section by section, then the registration, thank-you, day-page and dashboard words, then
 * the meta tags and language. Every section has its "Show" box; a shown section left empty shows
 * nothing either.
 */
import { f, field, list, type SettingsField, type SettingsItem, type SettingsSection } from './field-builders.ts';

const T = 'texts.landing';
const SHOW = 'Show this section';
const EMPTY_HIDES = 'Empty: no heading.';
/** The merge fields these words may use; {{pass_name}} is the upper pass, named as the edition names it. */
const fieldsHelp = (upperPass: string) => `May name {{summit_dates}}, {{retreat_dates}} and {{pass_name}} (“${upperPass}”).`;

const group = (legend: string, fields: SettingsField[]): SettingsItem => ({ kind: 'group', legend, fields });

const LANDING: SettingsItem[] = [
  group('Top of the page', [
    f('text', `${T}.hero.strapline`, { label: 'Line under the tagline', help: 'e.g. “Free · 3 days · Private podcast”; empty: none.' }),
    f('text', `${T}.hero.callToAction`, {
      label: 'Register button',
      required: true,
      help: 'Also the bar that follows the visitor down the page.',
    }),
  ]),
  group('About', [
    f('checkbox', `${T}.about.shown`, { label: SHOW }),
    f('text', `${T}.about.heading`, { label: 'Heading', help: EMPTY_HIDES }),
    f('textarea', `${T}.about.body`, { label: 'Text (markdown)', help: 'Paragraphs separated by a blank line; **bold** for a lead-in.' }),
    f('text', `${T}.about.receiveHeading`, { label: '“What you receive” heading' }),
    f('lines', `${T}.about.receive`, { label: 'What a free registrant receives', help: 'One per line.' }),
    f('textarea', `${T}.about.receiveNote`, { label: 'Note under the list', help: 'e.g. what the upgrade adds; empty: none.' }),
  ]),
  group('Host', [
    f('checkbox', `${T}.host.shown`, { label: SHOW }),
    f('text', `${T}.host.heading`, { label: 'Heading' }),
    f('text', `${T}.host.placeholderName`, {
      label: 'Name shown while the brand names no host',
      help: 'The host comes from Brand → Host. Empty: the section is left out until the brand names one.',
    }),
    f('text', `${T}.host.placeholderTitle`, { label: 'Title shown while the brand names no host' }),
    f('textarea', `${T}.host.placeholderBio`, { label: 'Bio shown while the brand names no host' }),
  ]),
  group('Why audio', [f('checkbox', `${T}.whyAudio.shown`, { label: SHOW }), f('text', `${T}.whyAudio.heading`, { label: 'Heading' })]),
  list(`${T}.whyAudio.points`, {
    legend: 'Why audio: points',
    itemName: 'Point',
    spare: 1,
    max: 8,
    fields: [field('text', 'title', { label: 'Title' }), field('textarea', 'text', { label: 'Text' })],
  }),
  group('Speakers', [
    f('checkbox', `${T}.speakers.shown`, { label: SHOW }),
    f('text', `${T}.speakers.heading`, { label: 'Heading' }),
    f('textarea', `${T}.speakers.intro`, { label: 'Introduction', help: 'Empty: none.' }),
  ]),
  group('Schedule', [
    f('checkbox', `${T}.schedule.shown`, { label: SHOW }),
    f('text', `${T}.schedule.heading`, { label: 'Heading' }),
    f('text', `${T}.schedule.summitCard.title`, { label: 'Summit card: title', help: 'The card shows the summit’s dates.' }),
    f('text', `${T}.schedule.summitCard.tagline`, { label: 'Summit card: tagline' }),
    f('lines', `${T}.schedule.summitCard.points`, { label: 'Summit card: points', help: 'One per line.' }),
    f('text', `${T}.schedule.laterCard.title`, {
      label: 'Second card: title',
      help: 'A card for what follows the summit (a retreat, say), dated as the retreat; empty: no second card.',
    }),
    f('text', `${T}.schedule.laterCard.tagline`, { label: 'Second card: tagline' }),
    f('lines', `${T}.schedule.laterCard.points`, { label: 'Second card: points', help: 'One per line.' }),
    f('text', `${T}.schedule.differenceHeading`, { label: '“What makes this different” heading' }),
    f('lines', `${T}.schedule.difference`, { label: 'What makes this different', help: 'One per line; empty: the block is left out.' }),
  ]),
  group('Sponsors', [
    f('checkbox', `${T}.sponsors.shown`, { label: SHOW }),
    f('text', `${T}.sponsors.heading`, {
      label: 'Heading',
      help: 'The sponsors are the edition’s (Sponsors screen); none: the section is left out.',
    }),
    f('text', `${T}.sponsors.premiumLabel`, { label: 'Label of a Premium sponsor', help: 'Empty: no label.' }),
    f('text', `${T}.sponsors.supportingLabel`, { label: 'Label of a Supporting sponsor', help: 'Empty: no label.' }),
    f('text', `${T}.sponsors.enquiryPrompt`, { label: 'Before the enquiry link', help: 'e.g. “Want to support the summit?”' }),
    f('text', `${T}.sponsors.enquiryLabel`, { label: 'Enquiry link', help: 'Writes to the sponsorship address below; empty: no link.' }),
  ]),
  group('Questions', [
    f('checkbox', `${T}.faq.shown`, { label: SHOW }),
    f('text', `${T}.faq.heading`, {
      label: 'Heading',
      help: 'The questions are the edition’s (FAQ screen); none: the section is left out.',
    }),
  ]),
  group('Closing', [
    f('checkbox', `${T}.closing.shown`, { label: SHOW }),
    f('text', `${T}.closing.heading`, { label: 'Heading' }),
    f('textarea', `${T}.closing.text`, { label: 'Text' }),
    f('checkbox', `${T}.closing.showHostLinks`, { label: 'Offer the setup guide to visitors who want to host a summit' }),
  ]),
];

const pages = (upperPass: string): SettingsItem[] => [
  group('Registration and e-mails', [
    f('text', 'texts.consentTopics', {
      label: 'What the marketing e-mails cover',
      required: true,
      help: 'Read as “Yes, also send me the summit’s … by e-mail.” beside the box, in the e-mail footers and on the e-mail choices page; stored with each consent.',
    }),
    f('textarea', 'texts.disclaimer', { label: 'Affiliate disclosure', help: 'Shown at the foot of the pages; empty: none.' }),
  ]),
  group('Thank-you page', [
    f('text', 'texts.thankYou.videoPlaceholder', { label: 'Words in the welcome video’s place', help: 'Empty: no video placeholder.' }),
    f('textarea', 'texts.thankYou.intro', { label: 'Under the greeting', help: fieldsHelp(upperPass) }),
    f('checkbox', 'texts.thankYou.offer.shown', { label: 'Show the upgrade offer' }),
    f('text', 'texts.thankYou.offer.heading', { label: 'Offer heading' }),
    f('text', 'texts.thankYou.offer.subheading', { label: 'Offer subheading', help: fieldsHelp(upperPass) }),
    f('checkbox', 'texts.thankYou.notReady.shown', { label: 'Show “Not ready to upgrade?”' }),
    f('text', 'texts.thankYou.notReady.heading', { label: '“Not ready” heading' }),
    f('textarea', 'texts.thankYou.notReady.text', { label: '“Not ready” text' }),
    f('text', 'texts.thankYou.notReady.linkLabel', {
      label: 'Community link',
      help: 'Leads to the Community link below; either empty: no link.',
    }),
  ]),
  group('Day pages and dashboard', [
    f('text', 'texts.dayPage.hostHeading', {
      label: 'Host card of a day without a host',
      help: 'When the brand names a host, the card shows them.',
    }),
    f('textarea', 'texts.dayPage.hostWelcome', { label: 'Host card: welcome' }),
    f('text', 'texts.dayPage.upgradeHeading', { label: 'Upgrade banner: heading' }),
    f('textarea', 'texts.dayPage.upgradeText', { label: 'Upgrade banner: text', help: fieldsHelp(upperPass) }),
    f('lines', 'texts.dashboard.freeBenefits', { label: 'Dashboard: what the free registration includes', help: 'One per line.' }),
    f('text', 'texts.dashboard.noBonuses', {
      label: 'Dashboard: while there are no bonuses',
      help: 'Empty: the bonuses section is left out.',
    }),
  ]),
];

const META: SettingsItem[] = [
  f('textarea', 'texts.meta.description', { label: 'Description for search and sharing', help: 'Empty: the brand’s tagline.' }),
  f('text', 'texts.meta.socialImage', {
    label: 'Image for shared links',
    help: 'An https address or a path on this site, e.g. /uploads/…; empty: none.',
  }),
  f('text', 'texts.meta.lang', { label: 'Language of the pages', required: true, help: 'A language tag: en, en-GB, de, fr…' }),
];

/** The words' sections, their hints naming the edition's upper pass by its name. */
export const textSections = (upperPass: string): SettingsSection[] => [
  {
    id: 'landing-texts',
    legend: 'Home page words',
    description: 'Every section of the home page while it shows this edition, in your words. A hidden or empty section leaves no heading.',
    items: LANDING,
  },
  { id: 'page-texts', legend: 'Registration, thank-you, day page and dashboard words', items: pages(upperPass) },
  { id: 'meta-texts', legend: 'Sharing and language', items: META },
];
