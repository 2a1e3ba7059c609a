/**
 * A new edition's words: plain, true of any free three-day audio summit, and naming nothing the
 * host has not entered (no retreat, magazine, school or demo people). Sections that need the
 * host's own content (About, Why audio, the closing words) start hidden or empty, so nothing
 * shows until the host writes it; the host edits every line in the edition's texts.
 */
import type { EditionTexts } from './schema.ts';

export const NEUTRAL_TEXTS: EditionTexts = {
  landing: {
    hero: { strapline: 'Free · 3 days · Private podcast', callToAction: 'Save Your Free Spot' },
    about: {
      shown: true,
      heading: 'About the Summit',
      body: 'Three days of conversations delivered to a private podcast feed, so you can listen whenever and wherever suits you.',
      receiveHeading: 'What you receive',
      receive: ['3-day summit access via a private podcast feed'],
      receiveNote: '',
    },
    host: { shown: true, heading: 'Meet Your Host', placeholderName: '', placeholderTitle: '', placeholderBio: '' },
    whyAudio: { shown: false, heading: 'Why Audio?', points: [] },
    speakers: { shown: true, heading: 'Meet the Speakers', intro: '' },
    schedule: {
      shown: true,
      heading: 'Summit Schedule',
      summitCard: { title: 'Podcast Summit', tagline: '3 days', points: ['Listen on your schedule', 'Private podcast feed'] },
      laterCard: { title: '', tagline: '', points: [] },
      differenceHeading: '',
      difference: [],
    },
    sponsors: {
      shown: true,
      heading: 'Sponsors',
      premiumLabel: 'Premium sponsor',
      supportingLabel: 'Sponsor',
      enquiryPrompt: '',
      enquiryLabel: '',
    },
    faq: { shown: true, heading: 'Frequently Asked Questions' },
    closing: { shown: true, heading: 'Join us', text: 'Three days of conversations, free, in your podcast app.', showHostLinks: false },
  },
  consentTopics: 'reminders and offers',
  disclaimer: '',
  thankYou: {
    videoPlaceholder: '',
    intro:
      'The summit runs {{summit_dates}}, delivered via a private podcast straight to your favourite listening app. Your access details are on their way, so keep an eye on your inbox.',
    offer: { shown: true, heading: 'Keep listening after the summit', subheading: '' },
    notReady: { shown: false, heading: 'Not ready to upgrade?', text: '', linkLabel: '' },
  },
  dayPage: {
    hostHeading: 'Your Host',
    hostWelcome: 'Welcome to today’s conversations.',
    upgradeHeading: 'Keep listening',
    upgradeText: 'The {{pass_name}} keeps every conversation open for you after the summit.',
  },
  dashboard: { freeBenefits: ['3-day summit access'], noBonuses: '' },
  meta: { description: '', socialImage: '', lang: 'en' },
};
